import type { Market } from './market.model.ts';
import type { Route } from './route.model.ts';
import type { SenderIdFee } from './sender-id-fee.model.ts';

/** A whole catalogue as data: what a catalogue is built or seeded from. */
export interface CatalogueData {
  readonly markets: readonly Market[];
  readonly routes: readonly Route[];
  readonly senderIdFees: readonly SenderIdFee[];
}

/** How many markets, routes and sender-ID fees a seed added. */
export interface CatalogueSeedReport {
  readonly markets: number;
  readonly routes: number;
  readonly senderIdFees: number;
}

/** What a catalogue already holds, as far as seeding is concerned. */
export interface CatalogueKeys {
  readonly marketCodes: ReadonlySet<string>;
  readonly routeCodes: ReadonlySet<string>;
  /** Countries that have an active route. */
  readonly activeRouteCountries: ReadonlySet<string>;
  readonly feeCountries: ReadonlySet<string>;
}

/** A market to add, with its place in the catalogue order (its index in the seed data). */
export interface PositionedMarket {
  readonly market: Market;
  readonly position: number;
}

/** The rows a seed adds. */
export interface CatalogueSeedPlan {
  readonly markets: readonly PositionedMarket[];
  readonly routes: readonly Route[];
  readonly senderIdFees: readonly SenderIdFee[];
}

function assertUnique<T>(items: readonly T[], key: (item: T) => string, what: string): void {
  const seen = new Set<string>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) throw new Error(`Duplicate ${what} ${k} in catalogue data`);
    seen.add(k);
  }
}

/**
 * What seeding `data` into a catalogue holding `existing` adds: the missing markets, routes and
 * fees, existing ones untouched. Both catalogue implementations seed through this plan. Throws on
 * inconsistent data (see `Catalogue.seed`).
 */
export function planCatalogueSeed(data: CatalogueData, existing: CatalogueKeys): CatalogueSeedPlan {
  assertUnique(data.markets, (m) => m.countryCode, 'market');
  assertUnique(data.routes, (r) => r.code, 'route');
  assertUnique(data.routes.filter((r) => r.isActive), (r) => r.countryCode, 'active route for country');
  assertUnique(data.senderIdFees, (f) => f.countryCode, 'sender-ID fee for country');
  const marketCodes = new Set([...existing.marketCodes, ...data.markets.map((m) => m.countryCode)]);
  for (const code of [...data.routes.map((r) => r.countryCode), ...data.senderIdFees.map((f) => f.countryCode)]) {
    if (!marketCodes.has(code)) throw new Error(`Catalogue data refers to unknown market ${code}`);
  }
  return {
    markets: data.markets
      .map((market, position) => ({ market, position }))
      .filter(({ market }) => !existing.marketCodes.has(market.countryCode)),
    routes: data.routes
      .filter((route) => !existing.routeCodes.has(route.code))
      .map((route) => (route.isActive && existing.activeRouteCountries.has(route.countryCode) ? { ...route, isActive: false } : route)),
    senderIdFees: data.senderIdFees.filter((fee) => !existing.feeCountries.has(fee.countryCode)),
  };
}

export const seedReportOf = (plan: CatalogueSeedPlan): CatalogueSeedReport => ({
  markets: plan.markets.length,
  routes: plan.routes.length,
  senderIdFees: plan.senderIdFees.length,
});

/** Catalogue order of markets: by position, then country code (positions of later seeds may tie). */
export const compareMarketPositions = (a: PositionedMarket, b: PositionedMarket): number =>
  a.position - b.position || (a.market.countryCode < b.market.countryCode ? -1 : a.market.countryCode > b.market.countryCode ? 1 : 0);

/** Sorts items by the catalogue order of their market, then by `tieBreak`; items of unknown markets last. */
export function inMarketOrder<T>(
  items: readonly T[],
  countryOf: (item: T) => string,
  marketOrder: readonly string[],
  tieBreak: (item: T) => string = countryOf,
): T[] {
  const rank = new Map(marketOrder.map((code, index) => [code, index]));
  const rankOf = (item: T) => rank.get(countryOf(item)) ?? Number.MAX_SAFE_INTEGER;
  return [...items].sort((a, b) => rankOf(a) - rankOf(b) || (tieBreak(a) < tieBreak(b) ? -1 : tieBreak(a) > tieBreak(b) ? 1 : 0));
}
