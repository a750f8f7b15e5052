import type { FxRateMissingError, FxRates, LedgerEntry, WalletError, WalletLedger, WalletOwners } from '@tuma/billing';
import { currency, errAsync, notFound, ResultAsync, type NotFoundError } from '@tuma/kernel';
import { prorate } from '../../domain/subscriptions/proration.ts';
import type { SubscriptionCharge } from '../../domain/subscriptions/subscription-charge.ts';

/** Why a charge was not made: no such account, no USD rate into its wallet currency, or the wallet (402 when short). */
export type ChargeError = NotFoundError | FxRateMissingError | WalletError;

const USD = currency('USD');

/** Charges subscriptions to wallets: the USD amount for its share of the month, in the wallet currency, as a `fee`. */
export class SubscriptionBilling {
  constructor(
    private readonly owners: WalletOwners,
    private readonly fxRates: FxRates,
    private readonly ledger: Pick<WalletLedger, 'charge'>,
  ) {}

  charge(accountId: string, subscriptionId: string, charge: SubscriptionCharge): ResultAsync<LedgerEntry, ChargeError> {
    return ResultAsync.fromSafePromise(this.owners.walletCurrencyOf(accountId)).andThen((walletCurrency): ResultAsync<LedgerEntry, ChargeError> => {
      if (!walletCurrency) return errAsync(notFound('account', accountId));
      return this.fxRates.resolve(USD, walletCurrency).andThen(({ rate }) =>
        this.ledger.charge({
          accountId,
          amount: prorate(charge.monthlyUsd, rate, charge.days, charge.inMonth),
          kind: 'fee',
          reason: charge.reason,
          reference: charge.reference,
          related: { type: 'subscription', id: subscriptionId },
        }),
      );
    });
  }
}
