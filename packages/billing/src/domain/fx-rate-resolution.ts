import { currency, err, ExchangeRate, ok, type CurrencyCode, type Result } from '@tuma/kernel';
import { fxRateMissing, type FxRateMissingError } from './billing-errors.ts';

/** Rates between two currencies neither of which has a rate to the other are crossed through this one. */
export const FX_PIVOT_CURRENCY: CurrencyCode = currency('USD');

/**
 * How a rate was obtained: `identity` (same currency, 1), `direct` (the stored from->to rate),
 * `inverse` (the exact inverse of the stored to->from rate), `cross` (from->USD then USD->to, each
 * leg direct or inverse, composed exactly).
 */
export type FxRateBasis = 'identity' | 'direct' | 'inverse' | 'cross';

export interface ResolvedFxRate {
  /** An exact fraction: no rounding happens before the amount itself is converted. */
  readonly rate: ExchangeRate;
  readonly basis: FxRateBasis;
}

/** Reads a stored rate for exactly this ordered pair. */
export type StoredRateLookup = (from: CurrencyCode, to: CurrencyCode) => ExchangeRate | undefined;

/** Every stored pair `resolveFxRate(from, to, ...)` may read, so an adapter can fetch just those. */
export function candidatePairs(from: CurrencyCode, to: CurrencyCode): [CurrencyCode, CurrencyCode][] {
  if (from === to) return [];
  const pairs: [CurrencyCode, CurrencyCode][] = [
    [from, to],
    [to, from],
  ];
  if (from !== FX_PIVOT_CURRENCY && to !== FX_PIVOT_CURRENCY) {
    pairs.push([from, FX_PIVOT_CURRENCY], [FX_PIVOT_CURRENCY, from], [FX_PIVOT_CURRENCY, to], [to, FX_PIVOT_CURRENCY]);
  }
  return pairs;
}

/** The direct rate, else the exact inverse of the reverse one. */
function directOrInverse(from: CurrencyCode, to: CurrencyCode, lookup: StoredRateLookup): ResolvedFxRate | undefined {
  const direct = lookup(from, to);
  if (direct) return { rate: direct, basis: 'direct' };
  const reverse = lookup(to, from);
  if (reverse) return { rate: reverse.inverse(), basis: 'inverse' };
  return undefined;
}

/**
 * The rate that converts `from` into `to`, in this order of preference: identity for the same
 * currency; the stored direct rate; the exact inverse of the stored reverse rate; a cross through
 * USD. Exact throughout (fractions), so resolving B->A where only A->B is stored gives exactly the
 * inverse of A->B, and a cross equals the composition of its legs.
 */
export function resolveFxRate(from: CurrencyCode, to: CurrencyCode, lookup: StoredRateLookup): Result<ResolvedFxRate, FxRateMissingError> {
  if (from === to) return ok({ rate: ExchangeRate.identity(from), basis: 'identity' });
  const single = directOrInverse(from, to, lookup);
  if (single) return ok(single);
  if (from !== FX_PIVOT_CURRENCY && to !== FX_PIVOT_CURRENCY) {
    const first = directOrInverse(from, FX_PIVOT_CURRENCY, lookup);
    const second = first && directOrInverse(FX_PIVOT_CURRENCY, to, lookup);
    if (first && second) return ok({ rate: first.rate.compose(second.rate), basis: 'cross' });
  }
  return err(fxRateMissing(from, to));
}

/** `resolveFxRate` over a set of stored rates held in memory. */
export function lookupIn(rates: Iterable<ExchangeRate>): StoredRateLookup {
  const byPair = new Map<string, ExchangeRate>();
  for (const rate of rates) byPair.set(`${rate.from}${rate.to}`, rate);
  return (from, to) => byPair.get(`${from}${to}`);
}
