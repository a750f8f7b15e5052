import type { Market } from './market.model.ts';
import type { Route } from './route.model.ts';
import type { SenderIdFee } from './sender-id-fee.model.ts';

/**
 * Read access to the catalogue: markets, routes and sender-ID fees. Lookups take codes in any
 * case (`svc_ke`, `ke`) and resolve to `undefined` when nothing matches; callers decide whether
 * that is a `not_found` error or an unroutable recipient.
 */
export interface Catalogue {
  /** Every route, active or not, in market order. */
  listRoutes(): Promise<readonly Route[]>;
  /** The route with this code (`SVC_<CC>`), active or not. */
  findRoute(code: string): Promise<Route | undefined>;
  /** The active route for a country (ISO alpha-2), if it has one: what sends and quotes use. */
  routeForCountry(countryCode: string): Promise<Route | undefined>;
  /** All markets, ordered by name. */
  listMarkets(): Promise<readonly Market[]>;
  findMarket(countryCode: string): Promise<Market | undefined>;
  /** The sender-ID fee entry of every market, in market order. */
  senderIdFees(): Promise<readonly SenderIdFee[]>;
  findSenderIdFee(countryCode: string): Promise<SenderIdFee | undefined>;
}
