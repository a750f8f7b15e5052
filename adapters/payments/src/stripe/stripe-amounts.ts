import { Money, MICRO_DIGITS, parseCurrencyCode, type CurrencyCode } from '@tuma/kernel';

/**
 * Stripe's amounts are integers in the currency's minor unit (docs.stripe.com/currencies):
 * cents for two-decimal currencies, whole units for zero-decimal ones, thousandths for
 * three-decimal ones. Stripe's own table, not ISO 4217's: MGA is zero-decimal at Stripe
 * although ISO gives it 2 digits, and ISK keeps two decimals in the API while only whole krónur
 * may be charged.
 */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
/** Three-decimal currencies: charged amounts must end in 0 (i.e. at most 2 decimals). */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);
/** Two decimals in the API, but only whole units may be charged. */
const WHOLE_UNITS_ONLY = new Set(['ISK']);

/** "The amount value supports up to eight digits" (e.g. 99999999 for USD 999,999.99). */
export const STRIPE_MAX_MINOR_UNITS = 99_999_999n;

/** Digits of the minor unit: 10^exponent minor units make one unit. */
export function stripeExponent(code: CurrencyCode): number {
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/** How many decimals of an amount Stripe can charge. */
export function stripeChargeableDecimals(code: CurrencyCode): number {
  if (ZERO_DECIMAL.has(code) || WHOLE_UNITS_ONLY.has(code)) return 0;
  return 2;
}

const microsPerMinorUnit = (code: CurrencyCode): bigint => 10n ** BigInt(MICRO_DIGITS - stripeExponent(code));

/** Why Stripe cannot charge this amount, or undefined. */
export function stripeAmountProblem(amount: Money): string | undefined {
  const decimals = stripeChargeableDecimals(amount.currency);
  if (amount.micros % 10n ** BigInt(MICRO_DIGITS - decimals) !== 0n) {
    return decimals === 0
      ? `Card payments in ${amount.currency} are in whole units: no decimals`
      : `Card payments in ${amount.currency} have at most ${decimals} decimals`;
  }
  if (amount.micros / microsPerMinorUnit(amount.currency) > STRIPE_MAX_MINOR_UNITS) {
    const max = Money.ofMicros(STRIPE_MAX_MINOR_UNITS * microsPerMinorUnit(amount.currency), amount.currency);
    return `A card payment is at most ${max.toFixed(stripeExponent(amount.currency))} ${amount.currency}`;
  }
  return undefined;
}

/** The integer Stripe expects for `unit_amount`; throws for an amount `stripeAmountProblem` refuses (a bug). */
export function toStripeMinorUnits(amount: Money): number {
  const problem = stripeAmountProblem(amount);
  if (problem || !amount.isPositive()) throw new RangeError(`Stripe cannot charge ${amount.toString()}: ${problem ?? 'not positive'}`);
  return Number(amount.micros / microsPerMinorUnit(amount.currency));
}

/** An amount Stripe reports (`amount_total` and its lower-case `currency`), or undefined when unreadable. */
export function fromStripeMinorUnits(minorUnits: unknown, currencyCode: unknown): Money | undefined {
  if (typeof minorUnits !== 'number' || !Number.isSafeInteger(minorUnits) || minorUnits < 0) return undefined;
  if (typeof currencyCode !== 'string') return undefined;
  const code = parseCurrencyCode(currencyCode);
  if (!code) return undefined;
  return Money.ofMicros(BigInt(minorUnits) * microsPerMinorUnit(code), code);
}
