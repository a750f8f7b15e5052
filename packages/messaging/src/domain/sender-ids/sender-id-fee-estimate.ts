import { WALLET_COST_ROUNDING } from '@tuma/billing';
import { currency, Money, RATE_MAX_DECIMALS, type ExchangeRate } from '@tuma/kernel';
import type { SenderIdFee } from '../catalogue/sender-id-fee.model.ts';

const USD = currency('USD');

/** What approving a request for these countries charges automatically. */
export interface SenderIdFeeEstimate {
  /** The sum of the flat (`one_time`) fees of `feeCountries`. */
  readonly feeUsd: Money;
  /** The requested countries that carry a flat fee, in request order. */
  readonly feeCountries: readonly string[];
}

/**
 * Only flat fees are charged automatically: USD 150 (the schedule's amount) once per flat-fee
 * country. Per-network (KE, UG) and on-request fees are confirmed during onboarding and are not
 * part of the estimate or of the approval charge.
 */
export function estimateSenderIdFee(countries: readonly string[], schedule: readonly SenderIdFee[]): SenderIdFeeEstimate {
  const flat = new Map<string, Money>();
  for (const fee of schedule) if (fee.feeType === 'one_time') flat.set(fee.countryCode, fee.fee);
  const feeCountries = countries.filter((country) => flat.has(country));
  const feeUsd = feeCountries.reduce((total, country) => total.add(flat.get(country)!), Money.zero(USD));
  return { feeUsd, feeCountries };
}

/** A USD fee in the wallet currency: converted exactly, rounded once half-even (the pricing rule), with the rate shown. */
export function feeInWalletCurrency(feeUsd: Money, rate: ExchangeRate): { readonly amount: Money; readonly fxRate: string } {
  return { amount: feeUsd.convert(rate, WALLET_COST_ROUNDING), fxRate: rate.toDecimalString(RATE_MAX_DECIMALS, 'half_even') };
}
