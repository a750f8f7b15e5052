import type { FxRateMissingError, FxRates, LedgerEntry, WalletError, WalletLedger, WalletOwners } from '@tuma/billing';
import { atomically, currency, err, errAsync, Money, notFound, ok, ResultAsync, type Clock, type JobScheduler, type NotFoundError, type UnitOfWork } from '@tuma/kernel';
import { RECURRING_FEE_PERIOD_MS } from './charge-sender-id-recurring-fee.use-case.ts';
import { SENDER_ID_RECURRING_FEE_JOB } from '../sending/sending-jobs.ts';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import type { SenderIdNotPendingError } from '../../domain/sender-ids/sender-id-errors.ts';
import { estimateSenderIdFee, feeInWalletCurrency, type SenderIdFeeEstimate } from '../../domain/sender-ids/sender-id-fee-estimate.ts';
import type { SenderIdFeeCharge, SenderIdRequest } from '../../domain/sender-ids/sender-id-request.aggregate.ts';
import type { SenderIdRepository } from './sender-id.repository.port.ts';

const USD = currency('USD');

export interface SenderIdDecision {
  readonly request: SenderIdRequest;
  readonly estimate: SenderIdFeeEstimate;
  /** The fee entry charged on approval; null when no fee applied (or on rejection). */
  readonly entry: LedgerEntry | null;
}

/** The ledger entry of an approval fee and what the request records of it. */
interface FeeCharged {
  readonly entry: LedgerEntry;
  readonly fee: SenderIdFeeCharge;
  /** The whole fee in USD, for the request's record (`fee_usd`). */
  readonly feeUsd: Money;
}

export type ApproveSenderIdError = NotFoundError | SenderIdNotPendingError | FxRateMissingError | WalletError;

/** `Sender ID ACME registration: GH, TZ (USD 300.00), KE networks Safaricom + Airtel, Telkom, Equitel (KES 33300.00)`: what the customer's ledger shows. */
const feeReason = (request: SenderIdRequest, estimate: SenderIdFeeEstimate, usdRate: string | null): string =>
  `Sender ID ${request.name} registration: ${[
    ...(estimate.feeCountries.length > 0 ? [`${estimate.feeCountries.join(', ')} (USD ${estimate.feeUsd.toFixed(2)}${usdRate ? ` at ${usdRate}` : ''})`] : []),
    ...estimate.networkFees.map((fee) => `${fee.countryCode} networks ${fee.networks.join(', ')} (${fee.amount.currency} ${fee.amount.toFixed(2)})`),
  ].join('; ')}`;

/** Every part of an approval fee, each in its own currency: the flat USD fees, then each per-network country's. */
const feeParts = (estimate: SenderIdFeeEstimate): Money[] =>
  [estimate.feeUsd, ...estimate.networkFees.map((fee) => fee.amount)].filter((part) => part.isPositive());

/**
 * Operator: approves a pending request. In ONE unit of work, with the request row locked: the flat
 * fees of its countries (USD 150 each) are converted into the wallet currency (the pricing rule:
 * exact, rounded once half-even) and charged as one `fee` entry with reference
 * `sender_id:<id>:approval`, the request becomes approved with that charge recorded (the state
 * diagram: approved with its fee charged), and the second period of each recurring per-network fee
 * is scheduled. Not enough money (`insufficient_balance`), no rate, or anything else failing rolls
 * it all back: the request stays pending and nothing is charged. Countries without a flat fee add
 * nothing: their fees are confirmed during onboarding.
 */
export class ApproveSenderId {
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

  execute(input: { readonly id: number }): ResultAsync<SenderIdDecision, ApproveSenderIdError> {
    return atomically(this.unitOfWork, async () => {
      const request = await this.senderIds.findById(input.id, { forUpdate: true });
      if (!request) return err(notFound('sender_id', String(input.id)));
      const pending = request.ensurePending('approve');
      if (pending.isErr()) return err(pending.error);
      const estimate = estimateSenderIdFee(request.countries, await this.catalogue.senderIdFees());
      const charged = feeParts(estimate).length > 0 ? await this.charge(request, estimate) : ok(null);
      if (charged.isErr()) return err(charged.error);
      const charge = charged.value;
      const approved = request.approve({ feeUsd: charge?.feeUsd ?? estimate.feeUsd, charge: charge && charge.fee }, this.clock.now());
      if (approved.isErr()) return err(approved.error);
      await this.senderIds.save(request);
      await this.scheduleRecurringFees(request, estimate);
      return ok({ request, estimate, entry: charge && charge.entry });
    });
  }

  /** The second period of each recurring per-network fee, 30 days after approval (the first is in the approval fee). */
  private async scheduleRecurringFees(request: SenderIdRequest, estimate: SenderIdFeeEstimate): Promise<void> {
    for (const fee of estimate.networkFees.filter((f) => f.recurring.isPositive())) {
      await this.jobs.enqueue(
        SENDER_ID_RECURRING_FEE_JOB,
        { senderIdId: request.id, countryCode: fee.countryCode, period: 2 },
        { startAfter: new Date(this.clock.now().getTime() + RECURRING_FEE_PERIOD_MS), singletonKey: `${request.id}:${fee.countryCode}:2` },
      );
    }
  }

  /**
   * One `fee` entry for every part: each converted into the wallet currency (the pricing rule) and,
   * for the request's record, into USD; the rate recorded is USD -> wallet currency.
   */
  private charge(request: SenderIdRequest, estimate: SenderIdFeeEstimate): ResultAsync<FeeCharged, ApproveSenderIdError> {
    return ResultAsync.fromSafePromise(this.owners.walletCurrencyOf(request.accountId)).andThen((walletCurrency) => {
      if (!walletCurrency) return errAsync(notFound('account', request.accountId));
      const converted = ResultAsync.combine(
        feeParts(estimate).map((part) =>
          ResultAsync.combine([this.fxRates.resolve(part.currency, walletCurrency), this.fxRates.resolve(part.currency, USD)]).map(([toWallet, toUsd]) => ({
            wallet: feeInWalletCurrency(part, toWallet.rate).amount,
            usd: feeInWalletCurrency(part, toUsd.rate).amount,
          })),
        ),
      );
      return ResultAsync.combine([converted, this.fxRates.resolve(USD, walletCurrency)]).andThen(([parts, usdRate]) => {
        const amount = parts.reduce((total, part) => total.add(part.wallet), Money.zero(walletCurrency));
        const feeUsd = parts.reduce((total, part) => total.add(part.usd), Money.zero(USD));
        const { fxRate } = feeInWalletCurrency(estimate.feeUsd, usdRate.rate);
        return this.ledger
          .charge({
            accountId: request.accountId,
            amount,
            kind: 'fee',
            reason: feeReason(request, estimate, walletCurrency === USD ? null : `${fxRate} ${walletCurrency}/USD`),
            reference: request.feeReference,
            related: { type: 'sender_id', id: String(request.id) },
          })
          .map((entry) => ({ entry, feeUsd, fee: { amount: entry.amount.negate(), fxRate, entryId: entry.id, chargedAt: entry.createdAt } }));
      });
    });
  }
}
