import type { Result } from '@tuma/kernel';
import type { MailAddress, SubmittedMail } from '@tuma/mail';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { malformedMessage } from './mime-screening.ts';
import { closeSmtp, listenSmtp } from './smtp-listening.ts';

/** Why a submission was refused, as an SMTP reply: its code and text. */
export interface SubmissionRefusal {
  readonly responseCode: number;
  readonly message: string;
}

export interface SmtpSubmissionOptions {
  /** The account a login from the client's address is of, or the reply refusing it (535 wrong, 454 held back). */
  authenticate(username: string, password: string, address: string): Promise<Result<string, SubmissionRefusal>>;
  /** Sends a parsed message as the account: the email's id, or the reply refusing it. */
  submit(accountId: string, mail: SubmittedMail): Promise<Result<{ readonly id: string }, SubmissionRefusal>>;
  /** PEM key and certificate: AUTH only after STARTTLS. Without them AUTH is refused, unless `allowPlainAuth`. */
  readonly tls?: { readonly key: string; readonly cert: string } | undefined;
  /** Lets AUTH go over plain text (local use only). */
  readonly allowPlainAuth: boolean;
  /** The largest message (SIZE), bytes. */
  readonly maxBytes: number;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined): MailAddress[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.flatMap((entry) => (entry.address ? [entry.name ? { address: entry.address, name: entry.name } : { address: entry.address }] : [])));

/** The message's own headers worth carrying: `X-...` ones (the others are written by the pipeline). */
const customHeaders = (parsed: ParsedMail): Record<string, string> =>
  Object.fromEntries(parsed.headerLines.filter(({ key }) => key.startsWith('x-')).map(({ line }) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]));

const smtpError = (refusal: SubmissionRefusal): Error => Object.assign(new Error(refusal.message), { responseCode: refusal.responseCode });

/**
 * The mail API's SMTP submission server (docs/mail.md, "SMTP submission"): a login with an SMTP
 * credential, then each message parsed (`mailparser`) and sent through the same pipeline as
 * `POST /emails`; the reply names the email (`250 ... em_...`) or why not.
 */
export class SmtpSubmissionServer {
  private readonly server: SMTPServer;

  constructor(options: SmtpSubmissionOptions) {
    const settings: SMTPServerOptions = {
      name: 'tuma-submission',
      banner: 'Tuma mail submission',
      authMethods: ['PLAIN', 'LOGIN'],
      authOptional: false,
      size: options.maxBytes,
      logger: false,
      // The client's PTR name is never used: no lookup on the system's resolver (docs/deployment.md, "DNS").
      disableReverseLookup: true,
      ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : { disabledCommands: ['STARTTLS'] }),
      allowInsecureAuth: options.allowPlainAuth,
      onAuth: (auth, session, callback) => {
        options
          .authenticate(auth.username ?? '', auth.password ?? '', session.remoteAddress)
          .then((login) => (login.isOk() ? callback(null, { user: login.value }) : callback(smtpError(login.error))))
          .catch((error: unknown) => callback(error as Error));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) return callback(smtpError({ responseCode: 552, message: `5.3.4 The message is larger than ${options.maxBytes} bytes` }));
          const raw = Buffer.concat(chunks);
          const malformed = malformedMessage(raw);
          if (malformed !== null) return callback(smtpError({ responseCode: 554, message: `5.6.0 ${malformed}` }));
          this.submit(raw, String(session.user), session.envelope.rcptTo.map((recipient) => recipient.address), options).then(
            (reply) => (typeof reply === 'string' ? callback(null, reply) : callback(smtpError(reply))),
            () => callback(smtpError({ responseCode: 451, message: '4.3.0 Not sent: try again later' })),
          );
        });
      },
    };
    this.server = new SMTPServer(settings);
  }

  /** The parsed message sent as the account: the 250 text, or the refusal. */
  private async submit(raw: Buffer, accountId: string, envelopeTo: string[], options: SmtpSubmissionOptions): Promise<string | SubmissionRefusal> {
    const parsed = await simpleParser(raw).catch(() => undefined);
    if (!parsed) return { responseCode: 554, message: '5.6.0 The message could not be parsed' };
    const mail: SubmittedMail = {
      envelopeTo,
      from: addressesOf(parsed.from)[0],
      to: addressesOf(parsed.to),
      cc: addressesOf(parsed.cc),
      replyTo: addressesOf(parsed.replyTo),
      subject: parsed.subject,
      html: typeof parsed.html === 'string' ? parsed.html : undefined,
      text: parsed.text,
      attachments: parsed.attachments.map((attachment, index) => ({ filename: attachment.filename ?? `attachment-${index + 1}`, content: attachment.content, contentType: attachment.contentType })),
      headers: customHeaders(parsed),
    };
    const sent = await options.submit(accountId, mail);
    return sent.isOk() ? `2.0.0 Queued as ${sent.value.id}` : sent.error;
  }

  /** Listens on `port` (0: any free one) at `host`: the port bound. */
  listen(port: number, host: string): Promise<number> {
    return listenSmtp(this.server, port, host);
  }

  close(): Promise<void> {
    return closeSmtp(this.server);
  }
}
