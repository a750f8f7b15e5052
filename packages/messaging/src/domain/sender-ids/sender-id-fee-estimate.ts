import { WALLET_COST_ROUNDING } from '@tuma/billing';
import { currency, Money, RATE_MAX_DECIMALS, type ExchangeRate } from '@tuma/kernel';
import type { NetworkSenderIdFee, SenderIdFee } from '../catalogue/sender-id-fee.model.ts';

const USD = currency('USD');

/** What a per-network country's fee table charges a request: in its local currency. */
export interface NetworkFeeCharge {
  readonly countryCode: string;
  /** The rows charged: each bundle, and each single network no bundle covers. */
  readonly networks: readonly string[];
  /** Their setup fees plus the first period of their recurring fees. */
  readonly amount: Money;
  /** Their recurring fees of one period (zero when none), charged again every period after approval. */
  readonly recurring: Money;
}

/** What approving a request for these countries charges automatically. */
export interface SenderIdFeeEstimate {
  /** The sum of the flat (`one_time`) fees of `feeCountries`. */
  readonly feeUsd: Money;
  /** The requested countries that carry a flat fee, in request order. */
  readonly feeCountries: readonly string[];
  /** The requested per-network countries (KE, UG), in request order, each in its own currency. */
  readonly networkFees: readonly NetworkFeeCharge[];
}

const networksOf = (row: NetworkSenderIdFee): string[] => row.network.split('+').map((name) => name.trim());

/**
 * A request covers every network of a per-network country: each bundle row is charged, and each
 * single-network row whose network no bundle covers (Kenya: "Safaricom + Airtel", Telkom and
 * Equitel; Uganda: MTN and Airtel). Setup fees plus the first period of recurring fees.
 */
export function networkFeeCharge(fee: Extract<SenderIdFee, { feeType: 'per_network' }>): NetworkFeeCharge {
  const bundles = fee.table.filter((row) => networksOf(row).length > 1);
  const bundled = new Set(bundles.flatMap(networksOf));
  const charged = [...bundles, ...fee.table.filter((row) => networksOf(row).length === 1 && !bundled.has(networksOf(row)[0]!))];
  const recurring = charged.reduce((total, row) => total.add(row.recurring), Money.zero(fee.currency));
  const amount = charged.reduce((total, row) => total.add(row.setup), recurring);
  return { countryCode: fee.countryCode, networks: charged.map((row) => row.network), amount, recurring };
}

/**
 * Approval charges the flat fees (USD 150, the schedule's amount, once per flat-fee country) and
 * the per-network fees (`networkFeeCharge`) of the requested countries. On-request fees are
 * confirmed during onboarding and charge nothing.
 */
export function estimateSenderIdFee(countries: readonly string[], schedule: readonly SenderIdFee[]): SenderIdFeeEstimate {
  const byCountry = new Map(schedule.map((fee) => [fee.countryCode, fee]));
  const feeCountries: string[] = [];
  const networkFees: NetworkFeeCharge[] = [];
  let feeUsd = Money.zero(USD);
  for (const country of countries) {
    const fee = byCountry.get(country);
    if (fee?.feeType === 'one_time') {
      feeCountries.push(country);
      feeUsd = feeUsd.add(fee.fee);
    } else if (fee?.feeType === 'per_network') {
      const charge = networkFeeCharge(fee);
      if (charge.amount.isPositive()) networkFees.push(charge);
    }
  }
  return { feeUsd, feeCountries, networkFees };
}

/** A USD fee in the wallet currency: converted exactly, rounded once half-even (the pricing rule), with the rate shown. */
export function feeInWalletCurrency(feeUsd: Money, rate: ExchangeRate): { readonly amount: Money; readonly fxRate: string } {
  return { amount: feeUsd.convert(rate, WALLET_COST_ROUNDING), fxRate: rate.toDecimalString(RATE_MAX_DECIMALS, 'half_even') };
}
