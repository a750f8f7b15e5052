import type { FxRates, WalletLedger, WalletOwners } from '@tuma/billing';
import { ResultAsync, type Clock, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import { feeInWalletCurrency, networkFeeCharge } from '../../domain/sender-ids/sender-id-fee-estimate.ts';
import { SENDER_ID_RECURRING_FEE_JOB } from '../sending/sending-jobs.ts';
import type { SenderIdRepository } from './sender-id.repository.port.ts';

/** Recurring sender-ID fees come every 30 days after approval (the spec's monthly rhythm, as for two-way fees). */
export const RECURRING_FEE_PERIOD_MS = 30 * 86_400_000;
/** An unpaid period is tried again a day later. */
export const RECURRING_FEE_RETRY_MS = 86_400_000;

/** `unpaid` is an outcome, not an Err: the period is tried again in a day, in the same commit, and the job is done. */
export type RecurringFeeOutcome = 'charged' | 'unpaid' | 'nothing_due';

/**
 * One period of a per-network country's recurring sender-ID fee (Uganda's MTN row): converted into
 * the wallet currency like the approval fee and charged once per period (reference
 * `sender_id:<id>:<country>:period:<n>`), then the next period is scheduled. A wallet that cannot
 * pay is tried again every day, the sender ID staying approved; a request no longer approved, or a
 * country whose table has no recurring fee any more, owes nothing.
 */
export class ChargeSenderIdRecurringFee {
  constructor(
    private readonly senderIds: SenderIdRepository,
    private readonly catalogue: Catalogue,
    private readonly fxRates: FxRates,
    private readonly owners: WalletOwners,
    private readonly ledger: Pick<WalletLedger, 'charge'>,
    private readonly jobs: JobScheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly senderIdId: number; readonly countryCode: string; readonly period: number }): ResultAsync<RecurringFeeOutcome, never> {
    return this.unitOfWork.run(() => ResultAsync.fromSafePromise(this.charge(input)));
  }

  private async charge(input: { readonly senderIdId: number; readonly countryCode: string; readonly period: number }): Promise<RecurringFeeOutcome> {
    const request = await this.senderIds.findById(input.senderIdId, { forUpdate: true });
    const approvedAt = request?.toSnapshot().decidedAt;
    if (!request || request.status !== 'approved' || !approvedAt) return 'nothing_due';
    const fee = await this.catalogue.findSenderIdFee(input.countryCode);
    const recurring = fee?.feeType === 'per_network' ? networkFeeCharge(fee).recurring : undefined;
    const walletCurrency = await this.owners.walletCurrencyOf(request.accountId);
    if (!recurring?.isPositive() || !walletCurrency) return 'nothing_due';

    const rate = await this.fxRates.resolve(recurring.currency, walletCurrency);
    const charged = rate.isErr()
      ? undefined
      : await this.ledger.charge({
          accountId: request.accountId,
          amount: feeInWalletCurrency(recurring, rate.value.rate).amount,
          kind: 'fee',
          reason: `Sender ID ${request.name} ${input.countryCode} networks, month ${input.period} (${recurring.currency} ${recurring.toFixed(2)})`,
          reference: `sender_id:${request.id}:${input.countryCode}:period:${input.period}`,
          related: { type: 'sender_id', id: String(request.id) },
        });
    if (!charged || charged.isErr()) {
      const retry = new Date(this.clock.now().getTime() + RECURRING_FEE_RETRY_MS);
      await this.jobs.enqueue(SENDER_ID_RECURRING_FEE_JOB, input, { startAfter: retry });
      return 'unpaid';
    }
    const next = { ...input, period: input.period + 1 };
    await this.jobs.enqueue(SENDER_ID_RECURRING_FEE_JOB, next, {
      startAfter: new Date(approvedAt.getTime() + input.period * RECURRING_FEE_PERIOD_MS),
      singletonKey: `${request.id}:${input.countryCode}:${next.period}`,
    });
    return 'charged';
  }
}
