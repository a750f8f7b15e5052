import type { Result } from '@tuma/kernel';
import type { Catalogue, CatalogueData, CatalogueSeedReport, Market, Route, RouteChanges, RouteUpdateError, SenderIdFee } from '@tuma/messaging';
import type { DatabaseNotifications } from '../database/database-notifications.ts';
import { NotifiedCache } from '../database/notified-cache.ts';

export const CATALOGUE_TOPIC = 'catalogue';

/**
 * The catalogue's hot lookups (a country's active route, a route by code: every quote and send)
 * kept in process, emptied in every process when a route changes or the seed adds something
 * (`DatabaseNotifications`). Listings and fees read through.
 */
export class CachingCatalogue implements Catalogue {
  private readonly routes = new NotifiedCache<Route | undefined>();

  constructor(
    private readonly inner: Catalogue,
    private readonly notifications: DatabaseNotifications,
  ) {
    notifications.subscribe(CATALOGUE_TOPIC, this.routes);
  }

  listRoutes(): Promise<readonly Route[]> {
    return this.inner.listRoutes();
  }

  findRoute(code: string): Promise<Route | undefined> {
    return this.routes.get(`code:${code.trim().toUpperCase()}`, () => this.inner.findRoute(code));
  }

  routeForCountry(countryCode: string): Promise<Route | undefined> {
    return this.routes.get(`country:${countryCode.trim().toUpperCase()}`, () => this.inner.routeForCountry(countryCode));
  }

  listMarkets(): Promise<readonly Market[]> {
    return this.inner.listMarkets();
  }

  findMarket(countryCode: string): Promise<Market | undefined> {
    return this.inner.findMarket(countryCode);
  }

  senderIdFees(): Promise<readonly SenderIdFee[]> {
    return this.inner.senderIdFees();
  }

  findSenderIdFee(countryCode: string): Promise<SenderIdFee | undefined> {
    return this.inner.findSenderIdFee(countryCode);
  }

  async updateRoute(code: string, changes: RouteChanges): Promise<Result<Route, RouteUpdateError>> {
    const updated = await this.inner.updateRoute(code, changes);
    if (updated.isOk()) await this.changed();
    return updated;
  }

  async seed(data: CatalogueData): Promise<CatalogueSeedReport> {
    const report = await this.inner.seed(data);
    if (report.markets + report.routes + report.senderIdFees > 0) await this.changed();
    return report;
  }

  private async changed(): Promise<void> {
    this.routes.clear();
    await this.notifications.publish(CATALOGUE_TOPIC, {});
  }
}
