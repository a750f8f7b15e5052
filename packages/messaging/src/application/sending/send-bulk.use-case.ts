import type { WalletError, WalletLedger } from '@tuma/billing';
import type { IdempotencyKeyInProgressError, IdempotentEffects, IdempotentRequest } from '@tuma/idempotency';
import { err, errAsync, fieldError, newId, ok, okAsync, ResultAsync, type Clock, type JobScheduler, type Result, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { queuedDelivery } from '../../domain/delivery/delivery-state.ts';
import type { BatchAudience } from './batch-audience.port.ts';
import type { BatchRepository, BatchStatus, MessageBatch } from '../../domain/messages/message-batch.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';
import { dueTime, type ScheduleMode } from '../../domain/messages/schedule.ts';
import { noRecipients, unroutable, type NoRecipientsError, type UnroutableError } from '../../domain/messages/send-errors.ts';
import { enqueueBatchJobs } from './batch-jobs.ts';
import type { BulkAudienceInput, BulkPlan, BulkPlanError, PlanBulkSend } from './plan-bulk-send.ts';
import type { Sender } from './send-message.use-case.ts';

/** Drip rates, messages per minute. */
export const DRIP_RATE_MIN = 1;
export const DRIP_RATE_MAX = 100_000;

export interface SendBulkInput extends Omit<BulkAudienceInput, 'accountId' | 'walletCurrency'> {
  readonly sender: Sender;
  readonly scheduleMode: ScheduleMode;
  readonly scheduledAt?: Date | undefined;
  readonly dripRate?: number | undefined;
  /** The request's Idempotency-Key claim: its answer is kept in the unit of work that charges the batch. */
  readonly idempotency?: IdempotentRequest<Result<BulkAccepted, SendBulkError>> | undefined;
}

export interface BulkAccepted {
  readonly batch: MessageBatch;
}

/** 402 of a bulk send also says how many segments and recipients it was for. */
export type BulkInsufficientBalance = Extract<WalletError, { type: 'insufficient_balance' }> & { readonly segments: number; readonly recipients: number };

export type SendBulkError = BulkPlanError | UnroutableError | NoRecipientsError | WalletError | BulkInsufficientBalance | IdempotencyKeyInProgressError;

const STATUS_OF: Readonly<Record<ScheduleMode, BatchStatus>> = { now: 'sending', scheduled: 'scheduled', drip: 'dripping' };

/**
 * `POST /api/messages/send-bulk`. Plans the audience (`PlanBulkSend`); refuses it whole when a
 * recipient cannot be routed (400) or nobody is left (400). Then, in one unit of work: one charge
 * of the total (live keys), the batch, its members kept compactly (`BatchAudience`: the dispatch
 * jobs write them as `queued` messages chunk by chunk) and its fan-out jobs, and the answer of a
 * request with an Idempotency-Key (`IdempotentEffects`). Returns at once.
 */
export class SendBulk {
  constructor(
    private readonly plan: PlanBulkSend,
    private readonly audience: BatchAudience,
    private readonly batches: BatchRepository,
    private readonly ledger: WalletLedger,
    private readonly jobs: JobScheduler,
    private readonly idempotentEffects: IdempotentEffects,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: SendBulkInput): ResultAsync<BulkAccepted, SendBulkError> {
    const now = this.clock.now();
    const schedule = this.schedule(input, now);
    if (schedule.isErr()) return errAsync(schedule.error);
    const { sender } = input;
    return new ResultAsync(this.plan.execute({ ...input, accountId: sender.accountId, walletCurrency: sender.walletCurrency }))
      .andThen((plan): Result<BulkPlan, SendBulkError> => {
        if (plan.unroutable.length > 0) {
          return err(unroutable('recipients', plan.unroutableCountries, `${plan.unroutable.length} recipients cannot be sent to`, { all: plan.unroutable }));
        }
        return plan.members.length === 0 ? err(noRecipients('No recipients left after removing duplicates and opted-out numbers')) : ok(plan);
      })
      .andThen((plan) => {
        const batch: MessageBatch = {
          id: newId('bat', now),
          accountId: sender.accountId,
          apiKeyId: sender.apiKeyId,
          environment: sender.environment,
          status: STATUS_OF[input.scheduleMode],
          text: input.text,
          senderId: input.senderId ?? null,
          total: plan.members.length,
          cost: plan.totalCost,
          chargeEntryId: null,
          scheduledAt: schedule.value.due,
          dripRate: schedule.value.dripRate,
          createdAt: now,
        };
        return this.unitOfWork.run(() => this.idempotentEffects.within(input.idempotency, () => this.store(batch, plan)));
      });
  }

  private schedule(input: SendBulkInput, now: Date): Result<{ due: Date | null; dripRate: number | null }, ValidationError> {
    const due = dueTime(input.scheduleMode, input.scheduledAt, now);
    if (due.isErr()) return err(due.error);
    if (input.scheduleMode !== 'drip') {
      return input.dripRate === undefined ? ok({ due: due.value, dripRate: null }) : err(fieldError('drip_rate', 'Only allowed with schedule_mode "drip"'));
    }
    const rate = input.dripRate;
    if (rate === undefined) return err(fieldError('drip_rate', 'Required with schedule_mode "drip"'));
    if (!Number.isSafeInteger(rate) || rate < DRIP_RATE_MIN || rate > DRIP_RATE_MAX) {
      return err(fieldError('drip_rate', `Must be a whole number of messages per minute from ${DRIP_RATE_MIN} to ${DRIP_RATE_MAX}`));
    }
    return ok({ due: null, dripRate: rate });
  }

  private store(batch: MessageBatch, plan: BulkPlan): ResultAsync<BulkAccepted, SendBulkError> {
    const charged: ResultAsync<string | null, SendBulkError> =
      batch.environment === 'test'
        ? okAsync(null)
        : this.ledger
            .charge({
              accountId: batch.accountId,
              amount: batch.cost,
              reason: `Bulk SMS ${batch.id}: ${batch.total} recipients, ${plan.totalSegments} segments`,
              reference: `batch:${batch.id}`,
              related: { type: 'batch', id: batch.id },
            })
            .map((entry) => entry.id)
            .mapErr((error): SendBulkError => (error.type === 'insufficient_balance' ? { ...error, segments: plan.totalSegments, recipients: batch.total } : error));
    return charged.andThen((chargeEntryId) =>
      ResultAsync.fromSafePromise(
        (async () => {
          const stored = { ...batch, chargeEntryId };
          await this.batches.add(stored);
          await this.audience.keep(stored, membersOf(stored, plan));
          await enqueueBatchJobs(this.jobs, stored);
          return { batch: stored };
        })(),
      ),
    );
  }
}

function membersOf(batch: MessageBatch, plan: BulkPlan): OutboundMessage[] {
  return plan.members.map((member, seq): OutboundMessage => ({
    id: newId('msg', batch.createdAt),
    accountId: batch.accountId,
    apiKeyId: batch.apiKeyId,
    environment: batch.environment,
    batchId: batch.id,
    batchSeq: seq,
    phone: member.phone,
    country: member.country,
    routeCode: member.route.code,
    senderId: member.senderId,
    text: member.text,
    encoding: member.encoding,
    segments: member.segments,
    pricePerSegment: member.price.pricePerSegment,
    routeCost: member.price.routeCost,
    cost: member.price.walletCost,
    chargeEntryId: batch.chargeEntryId,
    scheduledAt: batch.scheduledAt,
    createdAt: batch.createdAt,
    carrier: null,
    delivery: queuedDelivery(),
  }));
}
