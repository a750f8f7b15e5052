import type { ConflictError, NotFoundError, Result, ValidationError } from '@tuma/kernel';
import type { Market } from '../../domain/catalogue/market.model.ts';
import type { Route, RouteChanges } from '../../domain/catalogue/route.model.ts';
import type { SenderIdFee } from '../../domain/catalogue/sender-id-fee.model.ts';
import type { CatalogueData, CatalogueSeedReport } from '../../domain/catalogue/catalogue-seed.ts';

export type { CatalogueData, CatalogueSeedReport };

export type RouteUpdateError = NotFoundError | ConflictError | ValidationError;

/**
 * The catalogue: markets, routes and sender-ID fees. Lookups take codes in any case (`svc_ke`,
 * `ke`) and resolve to `undefined` when nothing matches; callers decide whether that is a
 * `not_found` error or an unroutable recipient.
 *
 * Invariants every implementation keeps: a route's and a fee's country is a market, and a country
 * has at most one active route.
 */
export interface Catalogue {
  /** Every route, active or not, in market order. */
  listRoutes(): Promise<readonly Route[]>;
  /** The route with this code (`SVC_<CC>`), active or not. */
  findRoute(code: string): Promise<Route | undefined>;
  /** The active route for a country (ISO alpha-2), if it has one: what sends and quotes use. */
  routeForCountry(countryCode: string): Promise<Route | undefined>;
  /** All markets, in catalogue order (the order of the data they were seeded from: by name). */
  listMarkets(): Promise<readonly Market[]>;
  findMarket(countryCode: string): Promise<Market | undefined>;
  /** The sender-ID fee entry of every market, in market order. */
  senderIdFees(): Promise<readonly SenderIdFee[]>;
  findSenderIdFee(countryCode: string): Promise<SenderIdFee | undefined>;

  /**
   * An operator's change to a route (see `reviseRoute` for the rules). `not_found` for an unknown
   * code, `validation_error` naming the fields, `conflict` when activating a route whose country
   * already has another active route. Returns the route as stored.
   */
  updateRoute(code: string, changes: RouteChanges): Promise<Result<Route, RouteUpdateError>>;

  /**
   * Adds what `data` has and the catalogue lacks (markets by country, routes by code, fees by
   * country) and never changes what exists, so operator edits survive. Idempotent. A new route
   * that is active in `data` is added inactive when its country already has an active route.
   * Inconsistent data (duplicates, two active routes for a country, a route or fee for an unknown
   * market) is a bug in that data: it throws and adds nothing.
   */
  seed(data: CatalogueData): Promise<CatalogueSeedReport>;
}
