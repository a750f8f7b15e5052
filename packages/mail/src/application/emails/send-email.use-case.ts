import type { IdempotencyKeyInProgressError, IdempotentEffects, IdempotentRequest } from '@tuma/idempotency';
import { err, GroupCommit, groupBy, newId, ok, ResultAsync, validationError, type Clock, type GroupCommitOptions, type JobScheduler, type Result, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { checkEmailContent, type RawEmailContent } from '../../domain/emails/email-content.ts';
import { Email, type EmailEvent, type EmailSnapshot } from '../../domain/emails/email.aggregate.ts';
import { mailQuotaExceeded, usagePeriods, type MailPlanLimitReachedError } from '../../domain/billing/mail-quota.ts';
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
  readonly email: EmailSnapshot;
  /** `queued` or `scheduled`. */
  readonly first: EmailEvent;
  /** `failed` for each suppressed recipient. */
  readonly dropped: readonly EmailEvent[];
  /** False when every recipient was dropped. */
  readonly awaitsDelivery: boolean;
  /** Recipients kept: what counts against the plan. */
  readonly kept: number;
}

/** Most sends written in one unit of work. */
const SEND_BATCH_MAX = 128;

/**
 * `POST /emails`: checks every field, finds the verified domain of `from` (or, without one, a
 * confirmed sender address of the account: docs/mail.md, "Sender addresses"), drops the recipients
 * on the account's suppression list (a `failed` event each), and stores the email with its
 * delivery job in one unit of work (the job runs at `scheduledAt`, else at once). When every
 * recipient is suppressed the email is stored `failed` and no job is queued: the answer is still
 * its id, as Resend answers, so that the caller reads why on its timeline. Each recipient kept counts
 * against the plan's monthly and daily emails, in the same unit of work: past either, 402
 * `plan_limit_reached` and nothing is written (docs/mail.md, "Billing").
 *
 * Sends that arrive together share their unit of work (group commit, as single SMS sends do): one
 * statement for their emails, one for their events, one for their jobs and one count per account.
 * When the batch's count goes past an account's quota, it rolls back and each send is stored on its
 * own, so that only those past the quota are refused. A send with an Idempotency-Key is stored on
 * its own, its answer kept in its unit of work (`IdempotentEffects`).
 */
export class SendEmail {
  private readonly batches: GroupCommit<Composed, Result<SentEmail, SendEmailError | IdempotencyKeyInProgressError>>;

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
    gathering: Omit<GroupCommitOptions, 'maxBatch'> = {},
  ) {
    this.batches = new GroupCommit((sends) => this.storeBatch(sends), { maxBatch: SEND_BATCH_MAX, ...gathering });
  }

  execute(input: SendEmailInput): ResultAsync<SentEmail, SendEmailError | IdempotencyKeyInProgressError> {
    return new ResultAsync(this.compose(input)).andThen((composed) =>
      input.idempotency ? this.storeAlone(composed, input.idempotency) : new ResultAsync(this.batches.submit(composed)),
    );
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
    return ok({ email: email.toSnapshot(), first, dropped, awaitsDelivery: email.awaitsDelivery, kept: email.recipients.length - dropped.length });
  }

  private async storeBatch(sends: readonly Composed[]): Promise<Result<SentEmail, SendEmailError | IdempotencyKeyInProgressError>[]> {
    const together = await this.unitOfWork.run(() => this.store(sends));
    if (together.isOk()) return together.value.map((sent) => ok(sent));
    const alone: Result<SentEmail, SendEmailError | IdempotencyKeyInProgressError>[] = [];
    for (const send of sends) alone.push(await this.storeAlone(send));
    return alone;
  }

  private storeAlone(send: Composed, idempotency?: IdempotentRequest<Result<SentEmail, SendEmailError>>): ResultAsync<SentEmail, SendEmailError | IdempotencyKeyInProgressError> {
    return this.unitOfWork.run(() => this.idempotentEffects.within<SentEmail, SendEmailError>(idempotency, () => this.store([send]).map(([sent]) => sent!)));
  }

  /**
   * Written first and counted against the plans last, so that each account's usage rows, locked
   * from the count to the commit, are held for one statement and the commit (one account's sends
   * take turns there only): past a quota, the whole unit of work rolls back and nothing is written.
   */
  private store(sends: readonly Composed[]): ResultAsync<SentEmail[], MailPlanLimitReachedError> {
    return ResultAsync.fromSafePromise(this.write(sends)).andThen((sent) =>
      ResultAsync.fromSafePromise(this.overQuota(sends)).andThen((refused) => (refused ? err(refused) : ok(sent))),
    );
  }

  private async write(sends: readonly Composed[]): Promise<SentEmail[]> {
    await this.emails.add(sends);
    await this.emails.addEvents(sends.flatMap(({ dropped }) => dropped));
    await this.timeline.published(sends.map(({ email, dropped }) => ({ email, events: dropped })));
    await this.jobs.enqueueMany(
      DELIVER_EMAIL_JOB,
      sends.filter((send) => send.awaitsDelivery).map(({ email }) => ({ payload: { emailId: email.id }, options: { startAfter: email.scheduledAt ?? undefined, group: email.accountId } })),
    );
    return sends.map(({ email }) => ({ id: email.id }));
  }

  /** Each recipient kept, counted per account and UTC day in one statement each (in account order, as every counter locks them): the first quota passed, if any. */
  private async overQuota(sends: readonly Composed[]): Promise<MailPlanLimitReachedError | undefined> {
    const counted = sends.filter((send) => send.kept > 0);
    const byPeriod = [...groupBy(counted, ({ email }) => `${email.accountId} ${usagePeriods(email.createdAt).day}`).values()].sort((a, b) => (a[0]!.email.accountId < b[0]!.email.accountId ? -1 : 1));
    for (const group of byPeriod) {
      const { accountId, createdAt } = group[0]!.email;
      const plan = await this.plans.planOf(accountId);
      const counts = await this.usage.take(accountId, group.reduce((sum, send) => sum + send.kept, 0), createdAt);
      const refused = mailQuotaExceeded(plan, counts);
      if (refused) return refused;
    }
    return undefined;
  }
}
