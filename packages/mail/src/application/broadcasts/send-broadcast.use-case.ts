import type { IdempotencyKeyInProgressError, IdempotentEffects, IdempotentRequest } from '@tuma/idempotency';
import { err, newId, ok, ResultAsync, validationError, type Clock, type Result, type JobScheduler, type NotFoundError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { acceptedProgress, BROADCAST_CHUNK, broadcastStatus, type BroadcastSnapshot } from '../../domain/broadcasts/broadcast.ts';
import type { BroadcastView } from './broadcast-view.ts';
import { renderTemplate, templateIssues } from '../../domain/broadcasts/broadcast-template.ts';
import { mailQuotaExceeded, type MailPlanLimitReachedError } from '../../domain/billing/mail-quota.ts';
import { contactListNotFound } from '../../domain/contacts/mail-contact-list.ts';
import { checkEmailContent } from '../../domain/emails/email-content.ts';
import type { EmailTag } from '../../domain/emails/email.aggregate.ts';
import type { MailPlans } from '../billing/mail-plans.port.ts';
import type { MailUsage } from '../billing/mail-usage.port.ts';
import type { MailContactRepository } from '../contacts/mail-contact.repository.port.ts';
import type { MailDomainRepository } from '../domains/mail-domain.repository.port.ts';
import { domainNotVerified, type DomainNotVerifiedError } from '../emails/email-errors.ts';
import { emailSender } from '../emails/email-sender.ts';
import type { SenderAddressRepository } from '../sender-addresses/sender-address.repository.port.ts';
import type { BroadcastRepository } from './broadcast.repository.port.ts';
import { DISPATCH_BROADCAST_JOB } from './dispatch-broadcast.job.ts';

export interface SendBroadcastInput {
  readonly accountId: string;
  readonly listId: string;
  readonly from: string;
  readonly subject: string;
  readonly html?: string;
  readonly text?: string;
  readonly replyTo?: readonly string[];
  readonly tags?: readonly EmailTag[];
  /** Later than now: the broadcast starts then (and may be cancelled until its last chunk is written). */
  readonly scheduledAt?: Date;
  /** A request with an Idempotency-Key: its answer commits with the broadcast, so a retry never sends a list twice. */
  readonly idempotency?: IdempotentRequest<Result<AcceptedBroadcast, SendBroadcastError>>;
}

/** The broadcast as stored, with its counts as its snapshot took them. */
export type AcceptedBroadcast = BroadcastView;

export type SendBroadcastError = ValidationError | NotFoundError | DomainNotVerifiedError | MailPlanLimitReachedError;

/** A stand-in recipient for checking the content once: each contact's address was checked when it was added. */
const ANY_RECIPIENT = 'recipient@example.com';
const FIELDS = ['subject', 'html', 'text'] as const;
/** A contact with nothing filled in: what a subject reads as at worst. */
const NO_VALUES = { email: '', firstName: null, lastName: null, data: {}, unsubscribeUrl: '' };

/**
 * `POST /v1/contacts/lists/{id}/send`: checks the message as `POST /v1/emails` does (every field,
 * the placeholders, a `from` the account may send as), then, in one unit of work, stores the
 * broadcast with a snapshot of the list's contacts (one statement: unsubscribed and suppressed
 * contacts skipped), counts the recipients kept against the plan's monthly and daily emails (past
 * either: 402 and nothing written, as a send of that many emails would be) and queues one
 * dispatch job per chunk of recipients, at `scheduledAt` when given.
 */
export class SendBroadcast {
  constructor(
    private readonly contacts: MailContactRepository,
    private readonly broadcasts: BroadcastRepository,
    private readonly domains: MailDomainRepository,
    private readonly senderAddresses: SenderAddressRepository,
    private readonly plans: MailPlans,
    private readonly usage: MailUsage,
    private readonly jobs: JobScheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly idempotentEffects: IdempotentEffects,
    private readonly clock: Clock,
  ) {}

  execute(input: SendBroadcastInput): ResultAsync<AcceptedBroadcast, SendBroadcastError | IdempotencyKeyInProgressError> {
    return new ResultAsync(this.compose(input)).andThen((broadcast) =>
      this.unitOfWork.run(() => this.idempotentEffects.within(input.idempotency, () => new ResultAsync(this.store(broadcast)))),
    );
  }

  private async compose(input: SendBroadcastInput): Promise<Result<BroadcastSnapshot, SendBroadcastError>> {
    const list = await this.contacts.findList(input.accountId, input.listId);
    if (!list) return err(contactListNotFound(input.listId));
    const content = checkEmailContent({ from: input.from, to: [ANY_RECIPIENT], subject: input.subject, html: input.html, text: input.text, replyTo: input.replyTo, tags: input.tags });
    const issues = [...(content.isErr() ? content.error.details : []), ...FIELDS.flatMap((field) => templateIssues(field, input[field]))];
    // Every contact's subject must read as something: text besides its placeholders, or their fallbacks.
    if (input.subject.trim() !== '' && renderTemplate(input.subject, NO_VALUES, 'line').trim() === '') issues.push({ path: 'subject', message: 'The subject needs text besides its placeholders, or a fallback ({{first_name|Hello}})' });
    if (issues.length > 0 || content.isErr()) return err(validationError(issues));
    const sender = await emailSender(this.domains, this.senderAddresses, input.accountId, content.value.from);
    if (!sender) return err(domainNotVerified(content.value.from.domain));
    const now = this.clock.now();
    const scheduledAt = input.scheduledAt && input.scheduledAt.getTime() > now.getTime() ? input.scheduledAt : null;
    return ok({
      id: newId('bc', now),
      accountId: input.accountId,
      listId: input.listId,
      domainId: sender.domainId,
      from: sender.from,
      replyTo: content.value.replyTo,
      subject: input.subject,
      html: input.html || null,
      text: input.text || null,
      tags: content.value.tags,
      scheduledAt,
      cancelledAt: null,
      createdAt: now,
    });
  }

  private async store(broadcast: BroadcastSnapshot): Promise<Result<AcceptedBroadcast, MailPlanLimitReachedError>> {
    const plan = await this.plans.planOf(broadcast.accountId);
    const audience = await this.broadcasts.create(broadcast);
    if (audience.pending > 0) {
      const refused = mailQuotaExceeded(plan, await this.usage.take(broadcast.accountId, audience.pending, broadcast.createdAt));
      if (refused) return err(refused);
    }
    const chunks = Math.ceil(audience.recipients / BROADCAST_CHUNK);
    await this.jobs.enqueueMany(
      DISPATCH_BROADCAST_JOB,
      Array.from({ length: audience.pending > 0 ? chunks : 0 }, (_, index) => ({
        payload: { broadcastId: broadcast.id, from: index * BROADCAST_CHUNK, to: (index + 1) * BROADCAST_CHUNK },
        options: { startAfter: broadcast.scheduledAt ?? undefined, group: broadcast.accountId },
      })),
    );
    const progress = acceptedProgress(audience);
    return ok({ broadcast, progress, status: broadcastStatus(broadcast, progress, broadcast.createdAt) });
  }
}
