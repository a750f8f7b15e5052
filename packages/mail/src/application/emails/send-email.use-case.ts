import type { IdempotencyKeyInProgressError, IdempotentEffects, IdempotentRequest } from '@tuma/idempotency';
import { err, errAsync, newId, ok, okAsync, ResultAsync, validationError, type Clock, type JobScheduler, type Result, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { checkEmailContent, type RawEmailContent } from '../../domain/emails/email-content.ts';
import { Email, type EmailEvent, type EmailSnapshot } from '../../domain/emails/email.aggregate.ts';
import { mailQuotaExceeded, type MailPlanLimitReachedError } from '../../domain/billing/mail-quota.ts';
import type { MailPlans } from '../billing/mail-plans.port.ts';
import type { MailUsage } from '../billing/mail-usage.port.ts';
import type { MailDomainRepository } from '../domains/mail-domain.repository.port.ts';
import type { SenderAddressRepository } from '../sender-addresses/sender-address.repository.port.ts';
import type { SuppressionList } from '../suppressions/suppression-list.port.ts';
import { DELIVER_EMAIL_JOB } from './deliver-email.job.ts';
import { domainNotVerified, type DomainNotVerifiedError } from './email-errors.ts';
import type { EmailRepository } from './email.repository.port.ts';
import type { EmailTimeline } from './email-timeline.ts';
import type { AttachmentSource } from './attachment-source.port.ts';
import { fetchedAttachments } from './fetched-attachments.ts';
import { emailSender } from './email-sender.ts';

export interface SendEmailInput extends RawEmailContent {
  readonly accountId: string;
  /** Later than now: the email waits (and may be cancelled) until then. */
  readonly scheduledAt?: Date;
  /** A request with an Idempotency-Key: its answer commits with the email. */
  readonly idempotency?: IdempotentRequest<Result<SentEmail, SendEmailError>>;
}

export interface SentEmail {
  readonly id: string;
}

export type SendEmailError = ValidationError | DomainNotVerifiedError | MailPlanLimitReachedError;

/** The email as composed, and its timeline's first events. */
interface Composed {
  readonly email: Email;
  /** `queued` or `scheduled`. */
  readonly first: EmailEvent;
  /** `failed` for each suppressed recipient. */
  readonly dropped: readonly EmailEvent[];
}

/**
 * `POST /emails`: checks every field, finds the verified domain of `from` (or, without one, a
 * confirmed sender address of the account: docs/mail.md, "Sender addresses"), drops the recipients
 * on the account's suppression list (a `failed` event each), and stores the email with its
 * delivery job in one unit of work (the job runs at `scheduledAt`, else at once). When every
 * recipient is suppressed the email is stored `failed` and no job is queued: the answer is still
 * its id, as Resend answers, so that the caller reads why on its timeline. Each recipient kept counts
 * against the plan's monthly and daily emails, in the same unit of work: past either, 402
 * `plan_limit_reached` and nothing is written (docs/mail.md, "Billing").
 */
export class SendEmail {
  constructor(
    private readonly emails: EmailRepository,
    private readonly domains: MailDomainRepository,
    private readonly suppressions: SuppressionList,
    private readonly senderAddresses: SenderAddressRepository,
    private readonly jobs: JobScheduler,
    private readonly timeline: EmailTimeline,
    private readonly plans: MailPlans,
    private readonly usage: MailUsage,
    private readonly attachmentSource: AttachmentSource,
    private readonly unitOfWork: UnitOfWork,
    private readonly idempotentEffects: IdempotentEffects,
    private readonly clock: Clock,
  ) {}

  execute(input: SendEmailInput): ResultAsync<SentEmail, SendEmailError | IdempotencyKeyInProgressError> {
    return new ResultAsync(this.compose(input)).andThen((email) => this.unitOfWork.run(() => this.idempotentEffects.within(input.idempotency, () => this.store(email))));
  }

  private async compose(input: SendEmailInput): Promise<Result<Composed, SendEmailError>> {
    const fetched = input.attachments?.some((attachment) => attachment.path !== undefined) ? await fetchedAttachments(this.attachmentSource, input.attachments) : undefined;
    const content = checkEmailContent(fetched ? { ...input, attachments: fetched.attachments } : input);
    if (fetched && fetched.issues.length > 0) {
      // The content check names an unfetched attachment too: the fetch's issue says why.
      const unfetched = new Set(fetched.issues.map((issue) => issue.path));
      const others = content.isErr() ? content.error.details.filter((issue) => !unfetched.has(issue.path)) : [];
      return err(validationError([...fetched.issues, ...others]));
    }
    if (content.isErr()) return err(content.error);
    const { from, ...rest } = content.value;
    const sender = await emailSender(this.domains, this.senderAddresses, input.accountId, from);
    if (!sender) return err(domainNotVerified(from.domain));
    const now = this.clock.now();
    const email = Email.compose({ ...rest, id: newId('em', now), accountId: input.accountId, domainId: sender.domainId, from: sender.from, scheduledAt: input.scheduledAt ?? null, createdAt: now }, now);
    const first: EmailEvent = { emailId: email.id, type: email.status, recipient: null, at: now, reason: null };
    const dropped = email.dropSuppressed(await this.suppressions.suppressed(input.accountId, email.recipients), now);
    return ok({ email, first, dropped });
  }

  /**
   * Counted against the plan last, so that the account's usage rows, locked from the count to the
   * commit, are held for one statement and the commit (one account's sends take turns there only):
   * past the quota, the whole unit of work rolls back and nothing is written (402).
   */
  private store({ email, first, dropped }: Composed): ResultAsync<SentEmail, MailPlanLimitReachedError> {
    const snapshot = email.toSnapshot();
    const kept = email.recipients.length - dropped.length;
    if (kept === 0) return this.write(snapshot, first, dropped, email.awaitsDelivery);
    return ResultAsync.fromSafePromise(this.plans.planOf(snapshot.accountId)).andThen((plan) =>
      this.write(snapshot, first, dropped, email.awaitsDelivery).andThen((sent) =>
        ResultAsync.fromSafePromise(this.usage.take(snapshot.accountId, kept, snapshot.createdAt)).andThen((counts) => {
          const refused = mailQuotaExceeded(plan, counts);
          return refused ? errAsync(refused) : okAsync(sent);
        }),
      ),
    );
  }

  private write(snapshot: EmailSnapshot, first: EmailEvent, dropped: readonly EmailEvent[], awaitsDelivery: boolean): ResultAsync<SentEmail, never> {
    return ResultAsync.fromSafePromise(
      (async () => {
        await this.emails.add([{ email: snapshot, first }]);
        await this.emails.addEvents(dropped);
        await this.timeline.published(snapshot, dropped);
        if (awaitsDelivery) await this.jobs.enqueue(DELIVER_EMAIL_JOB, { emailId: snapshot.id }, { startAfter: snapshot.scheduledAt ?? undefined, group: snapshot.accountId });
        return { id: snapshot.id };
      })(),
    );
  }
}
