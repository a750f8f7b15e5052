import { FX_PIVOT_CURRENCY, WALLET_COST_ROUNDING, type FxRates } from '@tuma/billing';
import type { Money } from '@tuma/kernel';
import type { Catalogue, Route } from '@tuma/messaging';
import { pricingEntry, type TwoWayPricingEntry } from '../../domain/pricing/two-way-pricing-entry.ts';
import type { TwoWayPriceTable } from './two-way-price-table.port.ts';

/**
 * The price table joined to the SMS catalogue: each market's row with its basic rate, the active
 * route's price per segment in USD (rounded half-even to micro-units, as every conversion).
 */
export class TwoWayPricing {
  constructor(
    private readonly table: TwoWayPriceTable,
    private readonly catalogue: Catalogue,
    private readonly fxRates: FxRates,
  ) {}

  async entries(): Promise<readonly TwoWayPricingEntry[]> {
    const [markets, routes, prices] = await Promise.all([this.catalogue.listMarkets(), this.catalogue.listRoutes(), this.table.list()]);
    const priceOf = new Map(prices.map((p) => [p.countryCode, p]));
    const entries = await Promise.all(
      markets.map(async (market) => {
        const price = priceOf.get(market.countryCode);
        return price && pricingEntry(market, price, await this.basicRate(routes.find((r) => r.isActive && r.countryCode === market.countryCode)));
      }),
    );
    return entries.filter((entry) => entry !== undefined);
  }

  async entryFor(countryCode: string): Promise<TwoWayPricingEntry | undefined> {
    const [market, price, route] = await Promise.all([this.catalogue.findMarket(countryCode), this.table.find(countryCode), this.catalogue.routeForCountry(countryCode)]);
    return market && price && pricingEntry(market, price, await this.basicRate(route));
  }

  /** A route whose currency has no USD rate yet has no basic rate: the country shows unavailable until the operator sets one. */
  private async basicRate(route: Route | undefined): Promise<Money | null> {
    if (!route) return null;
    const rate = await this.fxRates.resolve(route.currency, FX_PIVOT_CURRENCY);
    return rate.isOk() ? route.pricePerSegment.convert(rate.value.rate, WALLET_COST_ROUNDING) : null;
  }
}
