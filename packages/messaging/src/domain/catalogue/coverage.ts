import type { Market } from './market.model.ts';
import type { Route } from './route.model.ts';

/** What the platform offers in one market: its active route, if any, and the services on it. */
export interface CountryCoverage {
  readonly market: Market;
  /** The active route; a market without one is not supported. */
  readonly route: Route | undefined;
  readonly otpAvailable: boolean;
  readonly twoWay: boolean;
}

export interface Coverage {
  readonly total: number;
  readonly supported: number;
  readonly countries: readonly CountryCoverage[];
}

/**
 * Coverage of every market, in market order. A market is supported when it has an active route;
 * OTP and two-way are only offered on supported markets, whatever the market data says.
 */
export function coverageOf(markets: readonly Market[], routes: readonly Route[]): Coverage {
  const activeRoutes = new Map<string, Route>();
  for (const route of routes) {
    if (route.isActive && !activeRoutes.has(route.countryCode)) activeRoutes.set(route.countryCode, route);
  }
  const countries = markets.map((market): CountryCoverage => {
    const route = activeRoutes.get(market.countryCode);
    return { market, route, otpAvailable: route !== undefined && market.otpAvailable, twoWay: route !== undefined && market.twoWay };
  });
  return { total: markets.length, supported: countries.filter((entry) => entry.route !== undefined).length, countries };
}

/** The routes prices are listed for: the active ones, in route order. */
export const pricedRoutes = (routes: readonly Route[]): readonly Route[] => routes.filter((route) => route.isActive);
