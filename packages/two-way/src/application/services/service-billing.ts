import { FX_PIVOT_CURRENCY, WALLET_COST_ROUNDING, type FxRateMissingError, type FxRates, type LedgerEntry, type WalletError, type WalletLedger, type WalletOwners } from '@tuma/billing';
import { errAsync, notFound, ResultAsync, type NotFoundError } from '@tuma/kernel';
import { periodReference } from '../../domain/services/billing-periods.ts';
import type { DueCharge, TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';

/** Why a fee was not charged: no such account, no USD rate into its wallet currency, or the wallet (402 when short). */
export type FeeChargeError = NotFoundError | FxRateMissingError | WalletError;

const describe = (s: TwoWayServiceSnapshot, due: DueCharge) =>
  `Two-way ${s.type} short code${s.keyword ? ` ${s.keyword}` : ''} (${s.countryCode}), ${due.withSetupFee ? 'setup fee and ' : ''}30 days from period ${due.period}`;

/**
 * Charges a service's fees to its account's wallet: one `fee` entry per period, in the wallet
 * currency (USD converted half-even), referenced `two-way:<id>:<period>` so a retry or a second
 * worker never charges a period twice. The approval's entry carries the setup fee with period 1:
 * one entry, so approval takes both or neither.
 */
export class ServiceBilling {
  constructor(
    private readonly owners: WalletOwners,
    private readonly fxRates: FxRates,
    private readonly ledger: Pick<WalletLedger, 'charge'>,
  ) {}

  charge(service: TwoWayServiceSnapshot, due: DueCharge): ResultAsync<LedgerEntry, FeeChargeError> {
    const { setupFeeUsd, monthlyFeeUsd } = service.prices;
    const usd = due.withSetupFee ? setupFeeUsd.add(monthlyFeeUsd) : monthlyFeeUsd;
    return ResultAsync.fromSafePromise(this.owners.walletCurrencyOf(service.accountId)).andThen((walletCurrency): ResultAsync<LedgerEntry, FeeChargeError> => {
      if (!walletCurrency) return errAsync(notFound('account', service.accountId));
      return this.fxRates.resolve(FX_PIVOT_CURRENCY, walletCurrency).andThen(({ rate }) =>
        this.ledger.charge({
          accountId: service.accountId,
          amount: usd.convert(rate, WALLET_COST_ROUNDING),
          kind: 'fee',
          reason: describe(service, due),
          reference: periodReference(service.id, due.period),
          related: { type: 'service', id: String(service.id) },
        }),
      );
    });
  }
}
