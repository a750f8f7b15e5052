import { priceMessage, sumCosts, type Price } from '@tuma/billing';
import type { CurrencyCode, Money } from '@tuma/kernel';
import type { EncodingExplanation } from '../../domain/segmenting/smart-encoding.ts';

/** What a UCS-2 quote would cost in GSM-7 (docs/pricing.md, "Why a quote is UCS-2"). */
export interface Gsm7Alternative {
  /** Why the text is UCS-2: its characters outside GSM-7 and the text without them. */
  readonly explanation: EncodingExplanation;
  /** Segments of all the priced recipients together, in GSM-7. */
  readonly totalSegments: number;
  /** The exact sum of their wallet costs in GSM-7, priced with the same rule and rates. */
  readonly totalCost: Money;
  /** The quote's total cost minus `totalCost`: what the culprits cost. */
  readonly saving: Money;
}

/**
 * Reprices each priced recipient (`prices`, the UCS-2 prices of the quote) with `segmentsOf` its
 * GSM-7 segments, at the same price per segment and rate: the same rounding, once per recipient.
 */
export function priceGsm7Alternative(
  explanation: EncodingExplanation,
  prices: readonly { readonly price: Price; readonly gsm7Segments: number }[],
  walletCurrency: CurrencyCode,
  ucs2Total: Money,
): Gsm7Alternative {
  // Prices shared by many recipients (a bulk plan prices each route and segment count once) are repriced once.
  const repriced = new Map<Price, Map<number, Money>>();
  const costs = prices.map(({ price, gsm7Segments }) => {
    let bySegments = repriced.get(price);
    if (!bySegments) repriced.set(price, (bySegments = new Map()));
    let cost = bySegments.get(gsm7Segments);
    if (!cost) bySegments.set(gsm7Segments, (cost = priceMessage({ segments: gsm7Segments, pricePerSegment: price.pricePerSegment, rate: price.rate }).walletCost));
    return cost;
  });
  const totalCost = sumCosts(costs, walletCurrency);
  return {
    explanation,
    totalSegments: prices.reduce((sum, { gsm7Segments }) => sum + gsm7Segments, 0),
    totalCost,
    saving: ucs2Total.subtract(totalCost),
  };
}
