import type { FxRateMissingError, FxRates, ResolvedFxRate } from '@tuma/billing';
import type { CurrencyCode, Result } from '@tuma/kernel';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import type { Route } from '../../domain/catalogue/route.model.ts';

/**
 * The routes and exchange rates one request needs, each read once however many recipients share
 * a country or a route currency.
 */
export class RouteRateCache {
  private readonly routes = new Map<string, Promise<Route | undefined>>();
  private readonly rates = new Map<CurrencyCode, Promise<Result<ResolvedFxRate, FxRateMissingError>>>();

  constructor(
    private readonly catalogue: Catalogue,
    private readonly fxRates: FxRates,
    private readonly walletCurrency: CurrencyCode,
  ) {}

  /** The active route of a country. */
  routeFor(country: string): Promise<Route | undefined> {
    let route = this.routes.get(country);
    if (!route) this.routes.set(country, (route = this.catalogue.routeForCountry(country)));
    return route;
  }

  /** Route currency -> wallet currency. */
  rateFor(from: CurrencyCode): Promise<Result<ResolvedFxRate, FxRateMissingError>> {
    let rate = this.rates.get(from);
    if (!rate) this.rates.set(from, (rate = Promise.resolve(this.fxRates.resolve(from, this.walletCurrency))));
    return rate;
  }
}
