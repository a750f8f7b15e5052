import { currency, MICROS_PER_UNIT, Money } from '@tuma/kernel';
import { AFRICAN_MARKETS, type Market } from '@tuma/messaging';
import type { TwoWayPrice } from './two-way-price.model.ts';

/*
 * The default two-way price table (docs/two-way.md, "Price table", for the reasoning): two fee
 * tiers by market size, no custom per-SMS prices (the basic rate follows the SMS route), toll-free
 * codes where the large networks sell reverse-billed short codes. The operator edits every row.
 */

/** Large markets: more networks to provision the code on, higher network lease fees. */
const LARGE_MARKETS: ReadonlySet<string> = new Set(['DZ', 'CM', 'CI', 'EG', 'ET', 'GH', 'KE', 'MA', 'NG', 'SN', 'ZA', 'TZ', 'UG']);
const TOLL_FREE_MARKETS: ReadonlySet<string> = new Set(['GH', 'KE', 'NG', 'TZ', 'UG', 'ZA']);

const FEES = {
  large: { setup: 500, monthly: 300, keyword: 40 },
  other: { setup: 350, monthly: 200, keyword: 30 },
} as const;

const usd = (dollars: number): Money => Money.ofMicros(BigInt(dollars) * MICROS_PER_UNIT, currency('USD'));

/** A market's default row: offered where the catalogue says the market takes inbound SMS. */
export function defaultTwoWayPrice(market: Market): TwoWayPrice {
  const fees = LARGE_MARKETS.has(market.countryCode) ? FEES.large : FEES.other;
  return {
    countryCode: market.countryCode,
    offered: market.twoWay,
    setupFeeUsd: usd(fees.setup),
    monthlyFeeUsd: usd(fees.monthly),
    sharedKeywordMonthlyFeeUsd: usd(fees.keyword),
    customSmsPriceUsd: null,
    tollFreeAvailable: TOLL_FREE_MARKETS.has(market.countryCode),
    tollFreeInboundPriceUsd: null,
  };
}

/** The table a fresh installation starts from: one row per market, in market order. */
export const DEFAULT_TWO_WAY_PRICES: readonly TwoWayPrice[] = AFRICAN_MARKETS.map(defaultTwoWayPrice);
