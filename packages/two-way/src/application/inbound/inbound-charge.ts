import { FX_PIVOT_CURRENCY, WALLET_COST_ROUNDING, type FxRates, type WalletLedger, type WalletOwners } from '@tuma/billing';
import { currency, Money } from '@tuma/kernel';
import type { TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';

/** What an inbound message cost its service's account: `billed` false (and nothing taken) when the wallet could not pay. */
export interface InboundBilling {
  readonly billed: boolean;
  readonly cost: Money;
}

/**
 * Charges an inbound message to its service's account at the service's inbound price (the
 * toll-free one for a toll-free code), converted into the wallet currency half-even, as one
 * `debit` referenced `two-way:in:<message id>`: a repeated delivery never charges twice. A wallet
 * that cannot pay (or no USD rate into its currency) leaves the message unbilled; it is kept all the same.
 */
export class InboundCharge {
  constructor(
    private readonly owners: WalletOwners,
    private readonly fxRates: FxRates,
    private readonly ledger: Pick<WalletLedger, 'charge'>,
  ) {}

  async charge(service: TwoWayServiceSnapshot, messageId: string): Promise<InboundBilling> {
    const walletCurrency = await this.owners.walletCurrencyOf(service.accountId);
    const unbilled = { billed: false, cost: Money.zero(walletCurrency ?? currency(FX_PIVOT_CURRENCY)) };
    if (!walletCurrency) return unbilled;
    const rate = await this.fxRates.resolve(FX_PIVOT_CURRENCY, walletCurrency);
    if (rate.isErr()) return unbilled;
    const amount = service.prices.inboundPriceUsd.convert(rate.value.rate, WALLET_COST_ROUNDING);
    if (!amount.isPositive()) return { billed: true, cost: amount };
    const charged = await this.ledger.charge({
      accountId: service.accountId,
      amount,
      kind: 'debit',
      reason: `Inbound SMS to short code ${service.number}${service.keyword ? ` (${service.keyword})` : ''}`,
      reference: `two-way:in:${messageId}`,
      related: { type: 'message', id: messageId },
    });
    return charged.isOk() ? { billed: true, cost: amount } : unbilled;
  }
}
