import type { MailAddress, OutgoingMail, RelayedMail } from '@tuma/mail';
import type { SendMailOptions } from 'nodemailer';

const addresses = (list: readonly MailAddress[]) => list.map((a) => (a.name ? { name: a.name, address: a.address } : a.address));

/**
 * The `Message-ID` of an email: its id at the return path's host, the same on every attempt. A
 * message handed to a relay whose answer was lost (a worker killed after the relay took it) is sent
 * again as the same message, which receivers recognise (RFC 5322: one Message-ID, one message).
 */
export const messageIdOf = (mail: Pick<OutgoingMail, 'id' | 'returnPath'>): string => `<${mail.id.toLowerCase()}@${mail.returnPath.slice(mail.returnPath.lastIndexOf('@') + 1)}>`;

/**
 * The nodemailer message of an outgoing mail, before its signature (`MessageBuilder`): the return
 * path as envelope sender, its Message-ID its own, Bcc recipients in the envelope only (nodemailer
 * composing a message to hand on keeps a Bcc header: it is never given one).
 */
export function nodemailerMessage(mail: OutgoingMail): SendMailOptions {
  const recipients = [...mail.to, ...mail.cc, ...mail.bcc].map((a) => a.address);
  return {
    from: addresses([mail.from])[0],
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    replyTo: addresses(mail.replyTo),
    subject: mail.subject,
    messageId: messageIdOf(mail),
    ...(mail.html === null ? {} : { html: mail.html }),
    ...(mail.text === null ? {} : { text: mail.text }),
    attachments: mail.attachments.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType, cid: a.contentId })),
    headers: { ...mail.headers },
    envelope: { from: mail.returnPath, to: recipients },
  };
}

/** The nodemailer message of a relayed mail: its own bytes as they came, to its one recipient. */
export function relayedMessage(mail: RelayedMail): SendMailOptions {
  return {
    raw: Buffer.from(mail.raw),
    envelope: { from: mail.envelopeFrom, to: [mail.to] },
  };
}
