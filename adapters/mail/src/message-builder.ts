import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { DkimSigning, OutgoingMail, RelayedMail } from '@tuma/mail';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { dkimSigned } from './dkim-signature.ts';
import { KeptValues } from './kept-values.ts';
import { nodemailerMessage, relayedMessage } from './nodemailer-message.ts';

/** A message as it leaves: its bytes, signed, and its envelope. */
export interface BuiltMessage {
  readonly raw: Buffer;
  readonly messageId: string;
  readonly envelope: { readonly from: string; readonly to: readonly string[] };
}

/** Parsed keys kept, at most: one per sending domain of the process's recent mail. */
const KEYS_KEPT = 1_000;

/**
 * Builds messages as both transports hand them on: composed by nodemailer (MIME, CRLF line ends),
 * then DKIM-signed with the domain's key (`dkimSigned`: relaxed/relaxed, rsa-sha256, the RSA
 * signature on libuv's threads rather than nodemailer's on the event loop). Each PEM key is
 * parsed once.
 */
export class MessageBuilder {
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  private readonly keys = new KeptValues<KeyObject>(KEYS_KEPT);

  outgoing(mail: OutgoingMail): Promise<BuiltMessage> {
    return this.build(nodemailerMessage(mail), mail.dkim);
  }

  relayed(mail: RelayedMail): Promise<BuiltMessage> {
    return this.build(relayedMessage(mail), mail.dkim);
  }

  private async build(message: SendMailOptions, dkim: DkimSigning | null): Promise<BuiltMessage> {
    const built = await this.composer.sendMail(message);
    // `buffer: true`: the message is a Buffer, not a stream.
    const composed = built.message as Buffer;
    const raw = dkim ? await dkimSigned(composed, { domainName: dkim.domainName, selector: dkim.selector, privateKey: this.keys.get(dkim.privateKey, () => createPrivateKey(dkim.privateKey)) }) : composed;
    return { raw, messageId: built.messageId, envelope: { from: built.envelope.from || '', to: built.envelope.to } };
  }
}
