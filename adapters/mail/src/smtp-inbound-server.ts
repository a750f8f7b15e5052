import type { ReceivedMail } from '@tuma/mail';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { malformedMessage } from './mime-screening.ts';
import { closeSmtp, listenSmtp } from './smtp-listening.ts';

/** A message taken, parsed: as forwards read it, and as text for reports. */
export interface InboundMessage extends ReceivedMail {
  /** The raw message as UTF-8 text (reports are read from it). */
  readonly text: string;
}

export interface SmtpInboundOptions<Owner> {
  /** Who takes mail to `address` (one of ours), or undefined: that recipient is refused with 550. */
  owner(address: string): Promise<Owner | undefined>;
  /** The message, once, with the owners of its recipients (those still taken). */
  receive(owners: readonly Owner[], message: InboundMessage): Promise<unknown>;
  /** The largest message (SIZE), bytes. */
  readonly maxBytes: number;
}

const refusal = (responseCode: number, message: string): Error => Object.assign(new Error(message), { responseCode });

/**
 * The mail API's inbound SMTP server (docs/mail.md, "Bounces and complaints", "Forwards"): the MX
 * of return paths and of forwarded domains. Each recipient is taken only when it is ours (550
 * 5.1.1 otherwise, before any data); a message too large is 552, one that is not a message (its
 * header section, `mailparser`) 554 5.6.0 with why; a message taken is handed over, once, before
 * the 250. No login: anyone may deliver to an MX.
 */
export class SmtpInboundServer<Owner> {
  private readonly server: SMTPServer;

  constructor(options: SmtpInboundOptions<Owner>) {
    this.server = new SMTPServer({
      name: 'tuma-inbound',
      banner: 'Tuma mail',
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: options.maxBytes,
      logger: false,
      // No PTR lookup of the client on the system's resolver (DNS_SERVERS is the server's one): the
      // Received header names the client by its EHLO, which every client sends before a message.
      disableReverseLookup: true,
      onRcptTo: (address, _session, callback) => {
        options
          .owner(address.address)
          .then((owner) => callback(owner ? undefined : refusal(550, `5.1.1 <${address.address}>: no such mailbox`)))
          .catch((error: unknown) => callback(error as Error));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) return callback(refusal(552, `5.3.4 The message is larger than ${options.maxBytes} bytes`));
          const raw = Buffer.concat(chunks);
          const malformed = malformedMessage(raw);
          if (malformed !== null) return callback(refusal(554, `5.6.0 ${malformed}`));
          this.take(raw, session, options).then(
            (refused) => callback(refused),
            () => callback(refusal(451, '4.3.0 Not recorded: try again later')),
          );
        });
      },
    });
  }

  /** Parses the message and hands it over with its recipients' owners: a refusal when it cannot be parsed; a rejection when it was not recorded. */
  private async take<O>(raw: Buffer, session: SMTPServerSession, options: SmtpInboundOptions<O>): Promise<Error | undefined> {
    const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true }).catch(() => undefined);
    if (!parsed) return refusal(554, '5.6.0 The message could not be parsed');
    const message: InboundMessage = {
      raw,
      text: raw.toString('utf8'),
      envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      clientAddress: session.remoteAddress,
      clientName: session.hostNameAppearsAs || session.clientHostname,
      from: parsed.from?.text ?? null,
      subject: parsed.subject ?? null,
      messageId: parsed.messageId ?? null,
      headers: parsed.headerLines.map(({ key, line }) => ({ name: key, value: line.slice(line.indexOf(':') + 1).trim() })),
    };
    // The recipients taken at RCPT: looked up again, now that the message is here.
    const owners: O[] = [];
    for (const { address } of session.envelope.rcptTo) {
      const owner = await options.owner(address);
      if (owner !== undefined) owners.push(owner);
    }
    await options.receive(owners, message);
    return undefined;
  }

  /** Listens on `port` (0: any free one) at `host`: the port bound. */
  listen(port: number, host: string): Promise<number> {
    return listenSmtp(this.server, port, host);
  }

  close(): Promise<void> {
    return closeSmtp(this.server);
  }
}
