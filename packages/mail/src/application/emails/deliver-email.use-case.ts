import type { Clock, JobContext } from '@tuma/kernel';
import { Email, type EmailEvent, type EmailSnapshot } from '../../domain/emails/email.aggregate.ts';
import type { DkimKeys } from '../domains/dkim-keys.port.ts';
import type { MailDomainRepository } from '../domains/mail-domain.repository.port.ts';
import type { MailTransport } from '../sending/mail-transport.port.ts';
import { signedMail, type MailContent } from '../sending/signed-mail.ts';
import { DELIVER_EMAIL_JOB } from './deliver-email.job.ts';
import type { EmailRepository } from './email.repository.port.ts';
import type { EmailTimeline } from './email-timeline.ts';

/** The message to sign and send: the stored email, attachments decoded. */
function contentOf(email: EmailSnapshot): MailContent {
  const { id, from, to, cc, bcc, replyTo, subject, html, text, headers, attachments } = email;
  const decoded = attachments.map((attachment) => ({
    filename: attachment.filename,
    content: Uint8Array.from(atob(attachment.content), (char) => char.charCodeAt(0)),
    ...(attachment.contentType ? { contentType: attachment.contentType } : {}),
  }));
  return { id, from, to, cc, bcc, replyTo, subject, html, text, headers, attachments: decoded };
}

/**
 * The delivery job: signs the email with its domain's key and hands it to the transport; the
 * answer becomes `sent` for the recipients taken and `failed` for those refused. A temporary
 * refusal throws, so the job is retried, until its last attempt, which records `failed`.
 */
export class DeliverEmail {
  constructor(
    private readonly emails: EmailRepository,
    private readonly domains: MailDomainRepository,
    private readonly dkimKeys: DkimKeys,
    private readonly transport: MailTransport,
    private readonly timeline: EmailTimeline,
    private readonly clock: Clock,
  ) {}

  async execute(payload: { readonly emailId: string }, context: JobContext): Promise<void> {
    const snapshot = await this.emails.findById(payload.emailId);
    // Cancelled, or taken by the transport on an earlier attempt: at least once, never twice.
    if (!snapshot || !Email.rehydrate(snapshot).awaitsDelivery) return;
    const email = Email.rehydrate(snapshot);
    const domain = await this.domains.find(snapshot.accountId, snapshot.domainId);
    if (!domain) return this.fail(email, 'The sending domain was deleted before the email left');
    const result = await this.transport.send(signedMail(contentOf(snapshot), domain, this.dkimKeys));
    if (result.kind === 'refused') {
      const lastAttempt = context.retryCount >= DELIVER_EMAIL_JOB.retryLimit;
      if (result.permanence === 'temporary' && !lastAttempt) throw new Error(`Email ${snapshot.id} deferred: ${result.reason}`);
      return this.fail(email, result.reason);
    }
    const refused = new Set(result.refusedRecipients.map((recipient) => recipient.toLowerCase()));
    const now = this.clock.now();
    const events = email.recipients.map((recipient): EmailEvent =>
      refused.has(recipient) ? { emailId: snapshot.id, type: 'failed', recipient, at: now, reason: 'Refused by the receiving server' } : { emailId: snapshot.id, type: 'sent', recipient, at: now, reason: null },
    );
    await this.timeline.record(snapshot.id, events, { messageId: result.messageId, at: now });
  }

  private async fail(email: Email, reason: string): Promise<void> {
    const at = this.clock.now();
    await this.timeline.record(email.id, email.recipients.map((recipient) => ({ emailId: email.id, type: 'failed', recipient, at, reason })));
  }
}
