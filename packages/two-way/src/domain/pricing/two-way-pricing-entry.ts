import type { Money } from '@tuma/kernel';
import type { Market } from '@tuma/messaging';
import type { TwoWayPrice } from './two-way-price.model.ts';

/** A country as `GET /two-way/pricing` shows it: the table's row, the market's facts and the per-SMS price in force. */
export interface TwoWayPricingEntry {
  readonly countryCode: string;
  readonly countryName: string;
  readonly setupFeeUsd: Money;
  readonly monthlyFeeUsd: Money;
  readonly sharedKeywordMonthlyFeeUsd: Money;
  /** The country's SMS route price in USD; null without an active route (or a USD rate for its currency). */
  readonly smsBasicPriceUsd: Money | null;
  readonly priceSource: 'basic' | 'custom';
  readonly inboundPriceUsd: Money | null;
  readonly outboundPriceUsd: Money | null;
  readonly tollFreeAvailable: boolean;
  readonly tollFreeInboundPriceUsd: Money | null;
  readonly networks: readonly string[];
  readonly isAvailable: boolean;
}

/**
 * The entry of one country. The custom price, when set, wins over the basic rate for both
 * directions. Without either there is nothing to bill texts at: per-SMS prices are null and the
 * country is not available, whatever the table offers.
 */
export function pricingEntry(market: Market, price: TwoWayPrice, smsBasicPriceUsd: Money | null): TwoWayPricingEntry {
  const smsPrice = price.customSmsPriceUsd ?? smsBasicPriceUsd;
  return {
    countryCode: market.countryCode,
    countryName: market.name,
    setupFeeUsd: price.setupFeeUsd,
    monthlyFeeUsd: price.monthlyFeeUsd,
    sharedKeywordMonthlyFeeUsd: price.sharedKeywordMonthlyFeeUsd,
    smsBasicPriceUsd,
    priceSource: price.customSmsPriceUsd ? 'custom' : 'basic',
    inboundPriceUsd: smsPrice,
    outboundPriceUsd: smsPrice,
    tollFreeAvailable: price.tollFreeAvailable && smsPrice !== null,
    tollFreeInboundPriceUsd: smsPrice && price.tollFreeAvailable ? price.tollFreeInboundPriceUsd : null,
    networks: market.networks,
    isAvailable: price.offered && smsPrice !== null,
  };
}
