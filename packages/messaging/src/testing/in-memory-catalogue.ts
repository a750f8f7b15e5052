import { err, notFound, ok, type Result } from '@tuma/kernel';
import { UndoableList, UndoableMap } from '@tuma/kernel/testing';
import type { Catalogue, CatalogueData, CatalogueSeedReport, RouteUpdateError } from '../application/catalogue/catalogue.port.ts';
import {
  compareMarketPositions,
  inMarketOrder,
  planCatalogueSeed,
  seedReportOf,
  type CatalogueKeys,
  type PositionedMarket,
} from '../domain/catalogue/catalogue-seed.ts';
import { defaultCatalogueData } from '../domain/catalogue/default-catalogue.data.ts';
import type { Market } from '../domain/catalogue/market.model.ts';
import { reviseRoute, secondActiveRoute, type Route, type RouteChanges } from '../domain/catalogue/route.model.ts';
import type { SenderIdFee } from '../domain/catalogue/sender-id-fee.model.ts';

const normalize = (code: string): string => code.trim().toUpperCase();

/**
 * The catalogue held in memory: the default for embedding the core and for tests, which can pass
 * their own data. Inconsistent data (duplicate codes, two active routes for a country, a route or
 * fee for an unknown market) is a bug in that data and throws at construction.
 */
export class InMemoryCatalogue implements Catalogue {
  private readonly markets = new UndoableList<PositionedMarket>();
  private readonly routes = new UndoableMap<string, Route>();
  private readonly fees = new UndoableMap<string, SenderIdFee>();

  constructor(data: CatalogueData = defaultCatalogueData()) {
    this.apply(data);
  }

  async listRoutes(): Promise<readonly Route[]> {
    return inMarketOrder([...this.routes.values()], (r) => r.countryCode, this.marketOrder(), (r) => r.code);
  }

  async findRoute(code: string): Promise<Route | undefined> {
    return this.routes.get(normalize(code));
  }

  async routeForCountry(countryCode: string): Promise<Route | undefined> {
    return this.activeRouteOf(normalize(countryCode));
  }

  async listMarkets(): Promise<readonly Market[]> {
    return this.markets.map(({ market }) => market);
  }

  async findMarket(countryCode: string): Promise<Market | undefined> {
    const country = normalize(countryCode);
    return this.markets.find(({ market }) => market.countryCode === country)?.market;
  }

  async senderIdFees(): Promise<readonly SenderIdFee[]> {
    return inMarketOrder([...this.fees.values()], (f) => f.countryCode, this.marketOrder());
  }

  async findSenderIdFee(countryCode: string): Promise<SenderIdFee | undefined> {
    return this.fees.get(normalize(countryCode));
  }

  async updateRoute(code: string, changes: RouteChanges): Promise<Result<Route, RouteUpdateError>> {
    const route = this.routes.get(normalize(code));
    if (!route) return err(notFound('route', code));
    const revised = reviseRoute(route, changes);
    if (revised.isErr()) return err(revised.error);
    // Check and write without yielding, so concurrent activations cannot both pass the check.
    const clash = secondActiveRoute(revised.value, this.activeRouteOf(route.countryCode));
    if (clash) return err(clash);
    this.routes.set(route.code, revised.value);
    return ok(revised.value);
  }

  async seed(data: CatalogueData): Promise<CatalogueSeedReport> {
    return this.apply(data);
  }

  private apply(data: CatalogueData): CatalogueSeedReport {
    const plan = planCatalogueSeed(data, this.keys());
    this.markets.push(...plan.markets);
    this.markets.sort(compareMarketPositions);
    for (const route of plan.routes) this.routes.set(route.code, route);
    for (const fee of plan.senderIdFees) this.fees.set(fee.countryCode, fee);
    return seedReportOf(plan);
  }

  private keys(): CatalogueKeys {
    const routes = [...this.routes.values()];
    return {
      marketCodes: new Set(this.markets.map(({ market }) => market.countryCode)),
      routeCodes: new Set(this.routes.keys()),
      activeRouteCountries: new Set(routes.filter((r) => r.isActive).map((r) => r.countryCode)),
      feeCountries: new Set(this.fees.keys()),
    };
  }

  private activeRouteOf(countryCode: string): Route | undefined {
    return [...this.routes.values()].find((route) => route.isActive && route.countryCode === countryCode);
  }

  private marketOrder(): string[] {
    return this.markets.map(({ market }) => market.countryCode);
  }
}
