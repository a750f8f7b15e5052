import { AFRICAN_MARKETS } from './african-markets.data.ts';
import type { Catalogue } from './catalogue.port.ts';
import type { Market } from './market.model.ts';
import type { Route } from './route.model.ts';
import { SAMPLE_ROUTES } from './sample-routes.data.ts';
import type { SenderIdFee } from './sender-id-fee.model.ts';
import { SENDER_ID_FEES } from './sender-id-fees.data.ts';

export interface CatalogueData {
  readonly markets: readonly Market[];
  readonly routes: readonly Route[];
  readonly senderIdFees: readonly SenderIdFee[];
}

/** The built-in data: 54 markets, their sample routes and the sender-ID fee schedule. */
export function defaultCatalogueData(): CatalogueData {
  return { markets: AFRICAN_MARKETS, routes: SAMPLE_ROUTES, senderIdFees: SENDER_ID_FEES };
}

const normalize = (code: string): string => code.trim().toUpperCase();

function indexBy<T>(items: readonly T[], key: (item: T) => string, what: string): ReadonlyMap<string, T> {
  const index = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    if (index.has(k)) throw new Error(`Duplicate ${what} ${k} in catalogue data`);
    index.set(k, item);
  }
  return index;
}

/**
 * The catalogue held in memory: the default for embedding the core and for tests, which can pass
 * their own data. Inconsistent data (duplicate codes, a route or fee for an unknown market) is a
 * bug in that data and throws at construction.
 */
export class InMemoryCatalogue implements Catalogue {
  private readonly markets: readonly Market[];
  private readonly routes: readonly Route[];
  private readonly fees: readonly SenderIdFee[];
  private readonly marketsByCode: ReadonlyMap<string, Market>;
  private readonly routesByCode: ReadonlyMap<string, Route>;
  private readonly activeRoutesByCountry: ReadonlyMap<string, Route>;
  private readonly feesByCountry: ReadonlyMap<string, SenderIdFee>;

  constructor(data: CatalogueData = defaultCatalogueData()) {
    this.markets = data.markets;
    this.routes = data.routes;
    this.fees = data.senderIdFees;
    this.marketsByCode = indexBy(data.markets, (m) => m.countryCode, 'market');
    this.routesByCode = indexBy(data.routes, (r) => r.code, 'route');
    this.activeRoutesByCountry = indexBy(
      data.routes.filter((r) => r.isActive),
      (r) => r.countryCode,
      'active route for country',
    );
    this.feesByCountry = indexBy(data.senderIdFees, (f) => f.countryCode, 'sender-ID fee for country');
    for (const code of [...data.routes.map((r) => r.countryCode), ...this.feesByCountry.keys()]) {
      if (!this.marketsByCode.has(code)) throw new Error(`Catalogue data refers to unknown market ${code}`);
    }
  }

  async listRoutes(): Promise<readonly Route[]> {
    return this.routes;
  }

  async findRoute(code: string): Promise<Route | undefined> {
    return this.routesByCode.get(normalize(code));
  }

  async routeForCountry(countryCode: string): Promise<Route | undefined> {
    return this.activeRoutesByCountry.get(normalize(countryCode));
  }

  async listMarkets(): Promise<readonly Market[]> {
    return this.markets;
  }

  async findMarket(countryCode: string): Promise<Market | undefined> {
    return this.marketsByCode.get(normalize(countryCode));
  }

  async senderIdFees(): Promise<readonly SenderIdFee[]> {
    return this.fees;
  }

  async findSenderIdFee(countryCode: string): Promise<SenderIdFee | undefined> {
    return this.feesByCountry.get(normalize(countryCode));
  }
}
