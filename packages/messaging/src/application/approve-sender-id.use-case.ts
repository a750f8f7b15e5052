import type { FxRateMissingError, FxRates, LedgerEntry, WalletError, WalletLedger, WalletOwners } from '@tuma/billing';
import { currency, errAsync, notFound, okAsync, ResultAsync, type Clock, type NotFoundError, type UnitOfWork } from '@tuma/kernel';
import type { Catalogue } from '../domain/catalogue/catalogue.port.ts';
import type { SenderIdNotPendingError } from '../domain/sender-ids/sender-id-errors.ts';
import { estimateSenderIdFee, feeInWalletCurrency, type SenderIdFeeEstimate } from '../domain/sender-ids/sender-id-fee-estimate.ts';
import type { SenderIdFeeCharge, SenderIdRequest } from '../domain/sender-ids/sender-id-request.aggregate.ts';
import type { SenderIdRepository } from './sender-id.repository.port.ts';

const USD = currency('USD');

export interface SenderIdDecision {
  readonly request: SenderIdRequest;
  readonly estimate: SenderIdFeeEstimate;
  /** The fee entry charged on approval; null when no flat fee applied (or on rejection). */
  readonly entry: LedgerEntry | null;
}

/** The ledger entry of an approval fee and what the request records of it. */
interface FeeCharged {
  readonly entry: LedgerEntry;
  readonly fee: SenderIdFeeCharge;
}

export type ApproveSenderIdError = NotFoundError | SenderIdNotPendingError | FxRateMissingError | WalletError;

/** `Sender ID ACME registration: GH, TZ (USD 300.00 at 129.5 KES/USD)`: what the customer's ledger shows. */
const feeReason = (request: SenderIdRequest, estimate: SenderIdFeeEstimate, rate: string | null): string =>
  `Sender ID ${request.name} registration: ${estimate.feeCountries.join(', ')} (USD ${estimate.feeUsd.toFixed(2)}${rate ? ` at ${rate}` : ''})`;

/**
 * Operator: approves a pending request. In ONE unit of work, with the request row locked: the flat
 * fees of its countries (USD 150 each) are converted into the wallet currency (the pricing rule:
 * exact, rounded once half-even) and charged as one `fee` entry with reference
 * `sender_id:<id>:approval`, and the request becomes approved with its fee recorded. Not enough
 * money (`insufficient_balance`), no rate, or anything else failing leaves it pending and
 * charges nothing. Countries without a flat fee add nothing: their fees are confirmed during
 * onboarding.
 *
 * The charge comes before the request is saved: the in-memory stores cannot roll back, so the
 * step that can fail goes first (on the database both commit together either way).
 */
export class ApproveSenderId {
  constructor(
    private readonly senderIds: SenderIdRepository,
    private readonly catalogue: Catalogue,
    private readonly fxRates: FxRates,
    private readonly owners: WalletOwners,
    private readonly ledger: Pick<WalletLedger, 'charge'>,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly id: number }): ResultAsync<SenderIdDecision, ApproveSenderIdError> {
    return this.unitOfWork.run(() =>
      ResultAsync.fromSafePromise(this.senderIds.findById(input.id, { forUpdate: true })).andThen((request) => {
        if (!request) return errAsync(notFound('sender_id', String(input.id)));
        const pending = request.ensurePending('approve');
        if (pending.isErr()) return errAsync(pending.error);
        return ResultAsync.fromSafePromise(this.catalogue.senderIdFees()).andThen((fees) => {
          const estimate = estimateSenderIdFee(request.countries, fees);
          const charged: ResultAsync<FeeCharged | null, ApproveSenderIdError> = estimate.feeUsd.isPositive() ? this.charge(request, estimate) : okAsync(null);
          return charged.andThen((charge) => {
            const approved = request.approve({ feeUsd: estimate.feeUsd, charge: charge && charge.fee }, this.clock.now());
            if (approved.isErr()) return errAsync(approved.error);
            return ResultAsync.fromSafePromise(this.senderIds.save(request)).map(() => ({ request, estimate, entry: charge && charge.entry }));
          });
        });
      }),
    );
  }

  private charge(
    request: SenderIdRequest,
    estimate: SenderIdFeeEstimate,
  ): ResultAsync<FeeCharged, ApproveSenderIdError> {
    return ResultAsync.fromSafePromise(this.owners.walletCurrencyOf(request.accountId)).andThen((walletCurrency) => {
      if (!walletCurrency) return errAsync(notFound('account', request.accountId));
      return this.fxRates.resolve(USD, walletCurrency).andThen(({ rate }) => {
        const { amount, fxRate } = feeInWalletCurrency(estimate.feeUsd, rate);
        return this.ledger
          .charge({
            accountId: request.accountId,
            amount,
            kind: 'fee',
            reason: feeReason(request, estimate, walletCurrency === USD ? null : `${fxRate} ${walletCurrency}/USD`),
            reference: request.feeReference,
            related: { type: 'sender_id', id: String(request.id) },
          })
          .map((entry) => ({ entry, fee: { amount: entry.amount.negate(), fxRate, entryId: entry.id, chargedAt: entry.createdAt } }));
      });
    });
  }
}
