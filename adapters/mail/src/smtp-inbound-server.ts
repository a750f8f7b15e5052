import { SMTPServer } from 'smtp-server';
import { closeSmtp, listenSmtp } from './smtp-listening.ts';

export interface SmtpInboundOptions<Owner> {
  /** Who takes mail to `address` (a return path of ours), or undefined: that recipient is refused with 550. */
  owner(address: string): Promise<Owner | undefined>;
  /** The raw message, for each recipient taken. */
  receive(owner: Owner, raw: string): Promise<unknown>;
  /** The largest message (SIZE), bytes. */
  readonly maxBytes: number;
}

const refusal = (responseCode: number, message: string): Error => Object.assign(new Error(message), { responseCode });

/**
 * The mail API's inbound SMTP server (docs/mail.md, "Bounces and complaints"): the MX of return
 * paths. Each recipient is taken only when it names mail of ours (550 5.1.1 otherwise, before any
 * data); the message is handed over raw. No login: anyone may deliver to an MX.
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
          const raw = Buffer.concat(chunks).toString('utf8');
          // The recipients taken at RCPT: looked up again, now that the message is here.
          Promise.all(session.envelope.rcptTo.map(async ({ address }) => {
            const owner = await options.owner(address);
            if (owner) await options.receive(owner, raw);
          }))
            .then(() => callback())
            .catch(() => callback(refusal(451, '4.3.0 Not recorded: try again later')));
        });
      },
    });
  }

  /** Listens on `port` (0: any free one) at `host`: the port bound. */
  listen(port: number, host: string): Promise<number> {
    return listenSmtp(this.server, port, host);
  }

  close(): Promise<void> {
    return closeSmtp(this.server);
  }
}
