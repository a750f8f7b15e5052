import { Money } from '@tuma/kernel';
import { AFRICAN_MARKETS } from './african-markets.data.ts';
import type { Market } from './market.model.ts';
import { routeCodeFor, type Route } from './route.model.ts';

/*
 * SAMPLE ROUTE PRICES: documented placeholders for a fresh install, not Tuma's tariff.
 * An operator replaces them with the prices agreed with their carriers (see docs/catalogue.md).
 *
 * Prices are per segment, in the route currency, and were set around 2025 wholesale A2P levels
 * converted to local currency. Most routes are priced in the market's own currency; these are
 * priced in USD because local-currency pricing is impractical there:
 *   CD (dollarised economy), LR (USD is legal tender beside LRD), SO (dollarised, SOS thinly used),
 *   SS and SD (very high inflation), ZW (USD widely used beside the ZiG, ZWG).
 *
 * `active: false` marks markets Tuma does not route yet; they stay listed (coverage shows them as
 * unsupported) so that turning one on is a data change.
 */
export const SAMPLE_ROUTE_PRICES: Readonly<Record<string, { readonly price: string; readonly currency: string; readonly active: boolean }>> = {
  DZ: { price: '8.00', currency: 'DZD', active: true },
  AO: { price: '25.00', currency: 'AOA', active: true },
  BJ: { price: '25', currency: 'XOF', active: true },
  BW: { price: '0.30', currency: 'BWP', active: true },
  BF: { price: '25', currency: 'XOF', active: true },
  BI: { price: '90', currency: 'BIF', active: true },
  CV: { price: '4.50', currency: 'CVE', active: true },
  CM: { price: '30', currency: 'XAF', active: true },
  CF: { price: '35', currency: 'XAF', active: false },
  TD: { price: '35', currency: 'XAF', active: true },
  KM: { price: '25', currency: 'KMF', active: true },
  CI: { price: '25', currency: 'XOF', active: true },
  CD: { price: '0.035', currency: 'USD', active: true },
  DJ: { price: '7.00', currency: 'DJF', active: true },
  EG: { price: '1.60', currency: 'EGP', active: true },
  GQ: { price: '40', currency: 'XAF', active: false },
  ER: { price: '1.20', currency: 'ERN', active: false },
  SZ: { price: '0.35', currency: 'SZL', active: true },
  ET: { price: '2.50', currency: 'ETB', active: true },
  GA: { price: '35', currency: 'XAF', active: true },
  GM: { price: '2.00', currency: 'GMD', active: true },
  GH: { price: '0.35', currency: 'GHS', active: true },
  GN: { price: '350', currency: 'GNF', active: true },
  GW: { price: '30', currency: 'XOF', active: false },
  KE: { price: '0.80', currency: 'KES', active: true },
  LS: { price: '0.35', currency: 'LSL', active: true },
  LR: { price: '0.04', currency: 'USD', active: true },
  LY: { price: '0.30', currency: 'LYD', active: false },
  MG: { price: '140', currency: 'MGA', active: true },
  MW: { price: '50', currency: 'MWK', active: true },
  ML: { price: '25', currency: 'XOF', active: true },
  MR: { price: '2.00', currency: 'MRU', active: true },
  MU: { price: '1.00', currency: 'MUR', active: true },
  MA: { price: '0.35', currency: 'MAD', active: true },
  MZ: { price: '2.00', currency: 'MZN', active: true },
  NA: { price: '0.35', currency: 'NAD', active: true },
  NE: { price: '30', currency: 'XOF', active: true },
  NG: { price: '6.00', currency: 'NGN', active: true },
  CG: { price: '30', currency: 'XAF', active: true },
  RW: { price: '18', currency: 'RWF', active: true },
  ST: { price: '1.10', currency: 'STN', active: false },
  SN: { price: '25', currency: 'XOF', active: true },
  SC: { price: '0.60', currency: 'SCR', active: true },
  SL: { price: '0.90', currency: 'SLE', active: true },
  SO: { price: '0.03', currency: 'USD', active: true },
  ZA: { price: '0.25', currency: 'ZAR', active: true },
  SS: { price: '0.05', currency: 'USD', active: false },
  SD: { price: '0.05', currency: 'USD', active: false },
  TZ: { price: '25', currency: 'TZS', active: true },
  TG: { price: '25', currency: 'XOF', active: true },
  TN: { price: '0.080', currency: 'TND', active: true },
  UG: { price: '30', currency: 'UGX', active: true },
  ZM: { price: '0.30', currency: 'ZMW', active: true },
  ZW: { price: '0.04', currency: 'USD', active: true },
};

/** Sender used on a route when the caller's sender ID is missing or not approved there. */
export const DEFAULT_SENDER_ID = 'Tuma';

/** A literal in this file that does not parse is a bug, not an expected failure. */
function samplePrice(amount: string, currencyCode: string): Money {
  return Money.parse(amount, currencyCode).match(
    (money) => money,
    (error) => {
      throw new RangeError(`Invalid sample price ${amount} ${currencyCode}: ${error.message}`);
    },
  );
}

/** One `SVC_<CC>` route per market, from the sample prices above. */
export function buildSampleRoutes(markets: readonly Market[] = AFRICAN_MARKETS): readonly Route[] {
  return markets.map((market) => {
    const sample = SAMPLE_ROUTE_PRICES[market.countryCode];
    if (!sample) throw new RangeError(`No sample route price for ${market.countryCode}`);
    const pricePerSegment = samplePrice(sample.price, sample.currency);
    return {
      code: routeCodeFor(market.countryCode),
      name: `${market.name} Direct`,
      countryCode: market.countryCode,
      countryName: market.name,
      currency: pricePerSegment.currency,
      pricePerSegment,
      senderIdDefault: DEFAULT_SENDER_ID,
      isActive: sample.active,
    };
  });
}

export const SAMPLE_ROUTES: readonly Route[] = buildSampleRoutes();
