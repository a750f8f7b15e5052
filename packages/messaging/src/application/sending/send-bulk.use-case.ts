import type { WalletError, WalletLedger } from '@tuma/billing';
import type { IdempotencyKeyInProgressError, IdempotentEffects, IdempotentRequest } from '@tuma/idempotency';
import { err, errAsync, fieldError, newId, ok, okAsync, ResultAsync, type Clock, type JobScheduler, type Result, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import type { BatchAudience } from './batch-audience.port.ts';
import type { BatchRepository, BatchStatus, MessageBatch } from '../../domain/messages/message-batch.ts';
import { OutboundMessage, type MessageCategory } from '../../domain/messages/outbound-message.ts';
import { dueTime, type ScheduleMode } from '../../domain/messages/schedule.ts';
import { noRecipients, quietHours, unroutable, type NoRecipientsError, type QuietHoursError, type UnroutableError } from '../../domain/messages/send-errors.ts';
import type { QuietHoursGate } from '../quiet-hours/quiet-hours-gate.ts';
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
  /** `promotional` members wait for their promotional hours; default `transactional`. */
  readonly category?: MessageCategory | undefined;
  /** Promotional members in quiet hours: `defer` (default) each to their end, or `reject` the batch (422 `quiet_hours`). */
  readonly quietHours?: 'defer' | 'reject' | undefined;
  /** The request's Idempotency-Key claim: its answer is kept in the unit of work that charges the batch. */
  readonly idempotency?: IdempotentRequest<Result<BulkAccepted, SendBulkError>> | undefined;
}

export interface BulkAccepted {
  readonly batch: MessageBatch;
  /** Promotional members deferred by quiet hours, by country and time they go at (earliest first). */
  readonly deferrals: readonly QuietHoursDeferral[];
}

export interface QuietHoursDeferral {
  readonly country: string;
  readonly scheduledAt: Date;
  readonly recipients: number;
}

/** 402 of a bulk send also says how many segments and recipients it was for. */
export type BulkInsufficientBalance = Extract<WalletError, { type: 'insufficient_balance' }> & { readonly segments: number; readonly recipients: number };

export type SendBulkError = BulkPlanError | UnroutableError | NoRecipientsError | QuietHoursError | WalletError | BulkInsufficientBalance | IdempotencyKeyInProgressError;

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
    private readonly quietHoursGate: QuietHoursGate,
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
      .andThen((plan) => new ResultAsync(this.quietHoursOf(input, plan, schedule.value, now)).map((memberTimes) => ({ plan, memberTimes })))
      .andThen(({ plan, memberTimes }) => {
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
        return this.unitOfWork.run(() => this.idempotentEffects.within(input.idempotency, () => this.store(batch, plan, input.category ?? 'transactional', memberTimes)));
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

  /**
   * When each member goes when the batch is promotional: null (with the batch) or the end of its
   * quiet hours (with `reject`, the batch is refused instead). A drip's members are judged at their
   * minute. Transactional batches cost nothing here.
   */
  private async quietHoursOf(input: SendBulkInput, plan: BulkPlan, schedule: { due: Date | null; dripRate: number | null }, now: Date): Promise<Result<readonly (Date | null)[] | null, SendBulkError>> {
    if (input.category !== 'promotional') return ok(null);
    const start = (schedule.due ?? now).getTime();
    const dueOf = (seq: number) => new Date(schedule.dripRate === null ? start : start + Math.floor(seq / schedule.dripRate) * 60_000);
    const verdicts = await this.quietHoursGate.verdicts(input.sender.accountId, plan.members.map((m, seq) => ({ phone: m.phone, country: m.country, at: dueOf(seq) })));
    const closed = new Set<string>();
    const waiting = new Set<string>();
    let earliest: Date | null = null;
    verdicts.forEach((verdict, seq) => {
      const country = plan.members[seq]!.country;
      if (verdict.kind === 'never') closed.add(country);
      if (verdict.kind === 'deferred') {
        waiting.add(country);
        if (!earliest || verdict.at < earliest) earliest = verdict.at;
      }
    });
    if (closed.size > 0) return err(quietHours([...closed].sort(), null));
    if (waiting.size > 0 && input.quietHours === 'reject') return err(quietHours([...waiting].sort(), earliest));
    return ok(verdicts.map((verdict) => (verdict.kind === 'deferred' ? verdict.at : null)));
  }

  private store(batch: MessageBatch, plan: BulkPlan, category: MessageCategory, memberTimes: readonly (Date | null)[] | null): ResultAsync<BulkAccepted, SendBulkError> {
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
          await this.audience.keep(stored, membersOf(stored, plan, category, memberTimes));
          await enqueueBatchJobs(this.jobs, stored);
          return { batch: stored, deferrals: deferralsOf(plan, memberTimes) };
        })(),
      ),
    );
  }
}

/** The deferred members counted by country and time, earliest first. */
function deferralsOf(plan: BulkPlan, memberTimes: readonly (Date | null)[] | null): QuietHoursDeferral[] {
  if (!memberTimes) return [];
  const counts = new Map<string, QuietHoursDeferral>();
  memberTimes.forEach((at, seq) => {
    if (!at) return;
    const country = plan.members[seq]!.country;
    const key = `${at.toISOString()} ${country}`;
    const found = counts.get(key);
    counts.set(key, { country, scheduledAt: at, recipients: (found?.recipients ?? 0) + 1 });
  });
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, deferral]) => deferral);
}

function membersOf(batch: MessageBatch, plan: BulkPlan, category: MessageCategory, memberTimes: readonly (Date | null)[] | null): OutboundMessage[] {
  return plan.members.map((member, seq) =>
    OutboundMessage.create({
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
      originalText: member.originalText,
      category,
      encoding: member.encoding,
      segments: member.segments,
      pricePerSegment: member.price.pricePerSegment,
      routeCost: member.price.routeCost,
      cost: member.price.walletCost,
      chargeEntryId: batch.chargeEntryId,
      scheduledAt: memberTimes?.[seq] ?? batch.scheduledAt,
      createdAt: batch.createdAt,
    }),
  );
}
