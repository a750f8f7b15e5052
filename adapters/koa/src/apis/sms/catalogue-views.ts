import { coverageOf, pricedRoutes, SENDER_ID_FEES, type Coverage, type Market, type Route, type SenderIdFee, type SenderIdFeeType } from '@tuma/messaging';

/*
 * The API's catalogue shapes (spec: Route, Pricing entry, Country coverage entry, Sender-ID fee
 * entry), built from domain objects: the wire format lives here, at the HTTP edge (the CLI prints routes in it too). Field names and types are the spec's; money is rendered as a
 * JSON number in its own currency (Money.toNumber, full micro precision).
 */

/** `GET /api/routes`, `GET /api/routes/{code}`. */
export interface RouteView {
  code: string;
  name: string;
  country_code: string;
  country_name: string;
  currency: string;
  price_per_segment: number;
  sender_id_default: string;
  is_active: boolean;
}

/** `GET /api/pricing` entry. */
export interface PricingEntry {
  route_code: string;
  country_code: string;
  country_name: string;
  currency: string;
  price_per_segment: number;
  sender_id: string;
}

interface CoverageEntryBase {
  country_code: string;
  country_name: string;
  networks: string[];
  currency: string;
  sender_id_registration: boolean;
  sender_id_free: boolean;
  regulator: string;
  promo_note: string | null;
  rules: string[];
  otp_available: boolean;
  two_way: boolean;
}

/** `GET /api/countries` entry: route fields are present only when the market is supported. */
export type CoverageEntry = CoverageEntryBase &
  (
    | { supported: true; route_code: string; price_per_segment: number; price_currency: string }
    | { supported: false }
  );

/** `GET /api/countries`. */
export interface CoverageView {
  total: number;
  supported: number;
  countries: CoverageEntry[];
}

/** One row of a per-network fee table: [network, setup, recurring] in local currency. */
export type SenderIdFeeRow = [network: string, setup: number, recurring: number];

export interface SenderIdFeeEntry {
  country_code: string;
  country_name: string;
  fee_usd: number | null;
  fee_type: SenderIdFeeType;
  covers: 'all_networks' | null;
  fee_table: SenderIdFeeRow[] | null;
  note: string | null;
}

/** `GET /api/sender-ids/fees`. */
export interface SenderIdFeesView {
  currency: 'USD';
  countries: SenderIdFeeEntry[];
}

export function toRouteView(route: Route): RouteView {
  return {
    code: route.code,
    name: route.name,
    country_code: route.countryCode,
    country_name: route.countryName,
    currency: route.currency,
    price_per_segment: route.pricePerSegment.toNumber(),
    sender_id_default: route.senderIdDefault,
    is_active: route.isActive,
  };
}

export function toPricingEntry(route: Route): PricingEntry {
  return {
    route_code: route.code,
    country_code: route.countryCode,
    country_name: route.countryName,
    currency: route.currency,
    price_per_segment: route.pricePerSegment.toNumber(),
    sender_id: route.senderIdDefault,
  };
}

/** The pricing list: one entry per active route, in route order. */
export function toPricing(routes: readonly Route[]): PricingEntry[] {
  return pricedRoutes(routes).map(toPricingEntry);
}

/** `GET /api/countries`, from the domain's coverage. */
export function toCoverageView(coverage: Coverage): CoverageView {
  const countries = coverage.countries.map(({ market, route, otpAvailable, twoWay }): CoverageEntry => {
    const routeFields = route
      ? { supported: true as const, route_code: route.code, price_per_segment: route.pricePerSegment.toNumber(), price_currency: route.currency }
      : { supported: false as const };
    return {
      country_code: market.countryCode,
      country_name: market.name,
      networks: [...market.networks],
      currency: market.currency,
      ...routeFields,
      sender_id_registration: market.senderIdRegistration,
      sender_id_free: market.senderIdFree,
      regulator: market.regulator,
      promo_note: market.promoNote,
      rules: [...market.rules],
      otp_available: otpAvailable,
      two_way: twoWay,
    };
  });
  return { total: coverage.total, supported: coverage.supported, countries };
}

/** Coverage of these markets served by these routes, as `GET /api/countries` answers it. */
export const toCoverage = (markets: readonly Market[], routes: readonly Route[]): CoverageView => toCoverageView(coverageOf(markets, routes));

function toSenderIdFeeEntry(fee: SenderIdFee): SenderIdFeeEntry {
  const base = { country_code: fee.countryCode, country_name: fee.countryName };
  switch (fee.feeType) {
    case 'one_time':
      return {
        ...base,
        fee_usd: fee.fee.toNumber(),
        fee_type: 'one_time',
        covers: fee.covers,
        fee_table: null,
        note: fee.note,
      };
    case 'per_network':
      return {
        ...base,
        fee_usd: null,
        fee_type: 'per_network',
        covers: null,
        fee_table: fee.table.map((row): SenderIdFeeRow => [row.network, row.setup.toNumber(), row.recurring.toNumber()]),
        note: fee.note,
      };
    case 'on_request':
      return { ...base, fee_usd: null, fee_type: 'on_request', covers: null, fee_table: null, note: fee.note };
  }
}

/** The public fee schedule; without an argument, the built-in one. */
export function toSenderIdFeesView(fees: readonly SenderIdFee[] = SENDER_ID_FEES): SenderIdFeesView {
  return { currency: 'USD', countries: fees.map(toSenderIdFeeEntry) };
}
