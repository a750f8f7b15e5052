import { err, ok, ResultAsync, type Clock, type DomainError, type JobContext, type Result } from '@tuma/kernel';
import type { MailDnsSettings } from '../../domain/domains/dns-records.ts';
import { Email, type EmailEvent, type EmailSnapshot } from '../../domain/emails/email.aggregate.ts';
import { SenderAddress } from '../../domain/sender-addresses/sender-address.aggregate.ts';
import type { DkimKeys } from '../domains/dkim-keys.port.ts';
import type { MailAddress, MailTransport, OutgoingMail } from '../sending/mail-transport.port.ts';
import { signedMail, unsignedMail, type MailContent } from '../sending/signed-mail.ts';
import type { EmailTracking } from '../tracking/email-tracking.ts';
import { DELIVER_EMAIL_JOB } from './deliver-email.job.ts';
import type { DeliveryRead, DeliveryReads } from './delivery-reads.ts';
import type { GatheredTimeline } from './gathered-timeline.ts';

/** The message to sign and send: the stored email, attachments decoded, without the recipients dropped. */
function contentOf(email: EmailSnapshot, dropped: ReadonlySet<string>): MailContent {
  const { id, from, replyTo, subject, html, text, headers, attachments } = email;
  const kept = (list: readonly MailAddress[]) => list.filter((recipient) => !dropped.has(recipient.address.toLowerCase()));
  const [to, cc, bcc] = [kept(email.to), kept(email.cc), kept(email.bcc)];
  const decoded = attachments.map((attachment) => ({
    filename: attachment.filename,
    content: Uint8Array.from(atob(attachment.content), (char) => char.charCodeAt(0)),
    ...(attachment.contentType ? { contentType: attachment.contentType } : {}),
  }));
  return { id, from, to, cc, bcc, replyTo, subject, html, text, headers, attachments: decoded };
}

/** A temporary refusal before the job's last attempt: nothing is recorded, and the attempt fails so that the job is retried. */
export interface EmailDeferredError extends DomainError {
  readonly type: 'email_deferred';
  readonly emailId: string;
  /** The transport's reason (the relay's reply). */
  readonly reason: string;
}

const deferred = (emailId: string, reason: string): EmailDeferredError => ({ type: 'email_deferred', emailId, reason, message: `Email ${emailId} deferred: ${reason}` });

/**
 * The delivery job: signs the email with its domain's key and hands it to the transport; the
 * answer becomes `sent` for the recipients taken and `failed` for those refused. A temporary
 * refusal is an `email_deferred` Err, which fails the job's attempt (`jobRoute`), so the job is
 * retried, until its last attempt, which records `failed`.
 * The html is tracked when the domain tracks opens or clicks; a confirmed sender address's mail
 * leaves unsigned. Recipients suppressed by now (a scheduled email, an address that bounced since)
 * are dropped from the message with a `failed` event, as at send time.
 * Concurrent jobs share their reads and their records (`DeliveryReads`, `GatheredTimeline`): a
 * delivery costs its signature and its relay's round trip, and a fraction of a statement.
 */
export class DeliverEmail {
  constructor(
    private readonly reads: DeliveryReads,
    private readonly dnsSettings: MailDnsSettings,
    private readonly dkimKeys: DkimKeys,
    private readonly transport: MailTransport,
    private readonly tracking: EmailTracking,
    private readonly timeline: GatheredTimeline,
    private readonly clock: Clock,
  ) {}

  execute(payload: { readonly emailId: string }, context: JobContext): ResultAsync<void, EmailDeferredError> {
    return new ResultAsync(this.deliver(payload, context));
  }

  private async deliver(payload: { readonly emailId: string }, context: JobContext): Promise<Result<void, EmailDeferredError>> {
    // Cancelled, or taken by the transport on an earlier attempt: at least once, never twice.
    const read = await this.reads.read(payload.emailId);
    if (!read) return ok(undefined);
    const { email: snapshot, suppressed } = read;
    const email = Email.rehydrate(snapshot);
    const dropped = email.dropSuppressed(suppressed, this.clock.now());
    if (dropped.length === email.recipients.length) {
      await this.timeline.record({ emailId: snapshot.id, events: dropped });
      return ok(undefined);
    }
    const message = this.message(read, contentOf(snapshot, suppressed));
    if (message.isErr()) return ok(await this.fail(email, message.error));
    const result = await this.transport.send(message.value);
    if (result.kind === 'refused') {
      const lastAttempt = context.retryCount >= DELIVER_EMAIL_JOB.retryLimit;
      if (result.permanence === 'temporary' && !lastAttempt) return err(deferred(snapshot.id, result.reason));
      return ok(await this.fail(email, result.reason));
    }
    const refused = new Set(result.refusedRecipients.map((recipient) => recipient.toLowerCase()));
    const now = this.clock.now();
    const events = email.recipients
      .filter((recipient) => !suppressed.has(recipient))
      .map((recipient): EmailEvent =>
        refused.has(recipient) ? { emailId: snapshot.id, type: 'failed', recipient, at: now, reason: 'Refused by the receiving server' } : { emailId: snapshot.id, type: 'sent', recipient, at: now, reason: null },
      );
    await this.timeline.record({ emailId: snapshot.id, events: [...events, ...dropped], accepted: { messageId: result.messageId, at: now } });
    return ok(undefined);
  }

  /**
   * The message as it leaves: from a verified domain, tracked as the domain says and signed with
   * its key; from a confirmed sender address, unsigned and untracked. Why not, when the domain or
   * the address went away before the email left.
   */
  private message({ email, domain, senderAddress }: DeliveryRead, content: MailContent): Result<OutgoingMail, string> {
    if (email.domainId === null) {
      return senderAddress && SenderAddress.rehydrate(senderAddress).mayBeSentFrom ? ok(unsignedMail(content, this.dnsSettings)) : err('The sender address was deleted before the email left');
    }
    return domain ? ok(signedMail(this.tracking.apply(content, domain), domain, this.dkimKeys)) : err('The sending domain was deleted before the email left');
  }

  private async fail(email: Email, reason: string): Promise<void> {
    const at = this.clock.now();
    await this.timeline.record({ emailId: email.id, events: email.recipients.map((recipient) => ({ emailId: email.id, type: 'failed', recipient, at, reason })) });
  }
}
