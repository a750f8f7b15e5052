import type { IdempotencyKeyInProgressError } from '@tuma/idempotency';
import { base64, type ResultAsync } from '@tuma/kernel';
import type { MailAddress } from '../../domain/emails/mail-address.ts';
import type { SendEmail, SendEmailError, SentEmail } from '../emails/send-email.use-case.ts';

/** A message as the submission server received and parsed it. */
export interface SubmittedMail {
  /** The SMTP envelope's recipients (RCPT TO): whom it goes to. */
  readonly envelopeTo: readonly string[];
  readonly from: MailAddress | undefined;
  readonly to: readonly MailAddress[];
  readonly cc: readonly MailAddress[];
  readonly replyTo: readonly MailAddress[];
  readonly subject: string | undefined;
  readonly html: string | undefined;
  readonly text: string | undefined;
  readonly attachments: readonly { readonly filename: string; readonly content: Uint8Array; readonly contentType: string | undefined }[];
  /** Its own headers (`X-...`), to carry along. */
  readonly headers: Readonly<Record<string, string>>;
}

const written = ({ address, name }: MailAddress): string => (name ? `"${name.replace(/["\\]/g, '')}" <${address}>` : address);

/**
 * A message submitted over SMTP (docs/mail.md, "SMTP submission") goes through exactly the pipeline
 * of `POST /emails`: verified `from`, suppressions, quota, tracking, DKIM, events, webhooks. It goes
 * to the envelope's recipients only: those also in To or Cc stay there, the others become Bcc.
 */
export class SubmitEmail {
  constructor(private readonly sendEmail: Pick<SendEmail, 'execute'>) {}

  execute(accountId: string, mail: SubmittedMail): ResultAsync<SentEmail, SendEmailError | IdempotencyKeyInProgressError> {
    const envelope = new Set(mail.envelopeTo.map((address) => address.toLowerCase()));
    const inEnvelope = (list: readonly MailAddress[]) => list.filter(({ address }) => envelope.has(address.toLowerCase()));
    const [to, cc] = [inEnvelope(mail.to), inEnvelope(mail.cc)];
    const headed = new Set([...to, ...cc].map(({ address }) => address.toLowerCase()));
    const bcc = [...envelope].filter((address) => !headed.has(address));
    return this.sendEmail.execute({
      accountId,
      from: mail.from ? written(mail.from) : '',
      to: to.map(written),
      cc: cc.map(written),
      bcc,
      replyTo: mail.replyTo.map(written),
      subject: mail.subject ?? '',
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.text ? { text: mail.text } : {}),
      attachments: mail.attachments.map(({ filename, content, contentType }) => ({ filename, content: base64(content), ...(contentType ? { contentType } : {}) })),
      headers: mail.headers,
    });
  }
}
