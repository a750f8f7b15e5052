import { WALLET_COST_ROUNDING } from '@tuma/billing';
import { divideRounded, Money, type ExchangeRate } from '@tuma/kernel';

/**
 * `days` of `inMonth` of a monthly USD price, in the wallet currency: the price times the rate
 * times the share of the month, computed exactly and rounded once (half-even, as billing rounds
 * every conversion into a wallet). The whole month is exactly the converted price.
 */
export function prorate(priceUsd: Money, rate: ExchangeRate, days: number, inMonth: number): Money {
  if (rate.from !== priceUsd.currency) throw new RangeError(`A ${rate.from} rate cannot convert ${priceUsd.currency}`);
  if (!Number.isSafeInteger(days) || !Number.isSafeInteger(inMonth) || days < 0 || days > inMonth) throw new RangeError(`${days} of ${inMonth} days is not a share of a month`);
  const micros = divideRounded(priceUsd.micros * rate.numerator * BigInt(days), rate.denominator * BigInt(inMonth), WALLET_COST_ROUNDING);
  return Money.ofMicros(micros, rate.to);
}
