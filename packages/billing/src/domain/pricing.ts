/**
 * The pricing rule (docs/pricing.md), the one place a message's price is computed:
 *
 * 1. route cost  = segments x price per segment, exact (integer micro-units, no rounding);
 * 2. wallet cost = route cost x the resolved rate (route currency -> wallet currency), computed
 *    exactly and rounded once, half-even, to whole micro-units;
 * 3. this is done once per recipient, never per segment, and a total is the exact sum of the
 *    recipients' wallet costs.
 */
import { Money, RATE_MAX_DECIMALS, type CurrencyCode, type ExchangeRate, type RoundingMode } from '@tuma/kernel';

/** Rounding of the conversion into the wallet currency: half-even (banker's), so ties do not drift one way. */
export const WALLET_COST_ROUNDING: RoundingMode = 'half_even';

export interface PriceInput {
  /** Segments billed for one recipient: a whole number >= 0. */
  readonly segments: number;
  /** In the route currency. */
  readonly pricePerSegment: Money;
  /** Route currency -> wallet currency (identity when they are the same). */
  readonly rate: ExchangeRate;
}

/** What one recipient costs, and everything needed to check it. */
export interface Price {
  readonly segments: number;
  readonly pricePerSegment: Money;
  readonly routeCost: Money;
  readonly routeCurrency: CurrencyCode;
  readonly walletCost: Money;
  readonly walletCurrency: CurrencyCode;
  /** The exact rate applied. */
  readonly rate: ExchangeRate;
  /** The rate applied as a decimal string (rounded half-even to 12 decimals when not a finite decimal). */
  readonly rateUsed: string;
}

/** Segments x price per segment, exact. A negative or fractional segment count is a bug and throws. */
export function routeCost(segments: number, pricePerSegment: Money): Money {
  if (!Number.isSafeInteger(segments) || segments < 0) throw new RangeError(`segments must be a whole number >= 0, got ${segments}`);
  return pricePerSegment.multiply(segments);
}

/** Prices one recipient's message (see the rule above). A rate that does not start in the route currency is a bug and throws. */
export function priceMessage(input: PriceInput): Price {
  const cost = routeCost(input.segments, input.pricePerSegment);
  const walletCost = cost.convert(input.rate, WALLET_COST_ROUNDING);
  return {
    segments: input.segments,
    pricePerSegment: input.pricePerSegment,
    routeCost: cost,
    routeCurrency: cost.currency,
    walletCost,
    walletCurrency: walletCost.currency,
    rate: input.rate,
    rateUsed: input.rate.toDecimalString(RATE_MAX_DECIMALS, 'half_even'),
  };
}

/** The exact sum of amounts in one currency (zero for none). */
export function sumCosts(costs: Iterable<Money>, currency: CurrencyCode): Money {
  let total = Money.zero(currency);
  for (const cost of costs) total = total.add(cost);
  return total;
}
