/** The catalogue's public API: markets, routes, sender-ID fees, the Catalogue port, coverage and the use cases. */
export type { Market } from './domain/catalogue/market.model.ts';
export {
  reviseRoute,
  ROUTE_CODE_PREFIX,
  ROUTE_NAME_MAX_LENGTH,
  ROUTE_PRICE_LIMIT_MICROS,
  routeChangeIssues,
  routeCodeFor,
  routeValidationError,
  secondActiveRoute,
  SENDER_ID_MAX_LENGTH,
  type Route,
  type RouteChanges,
} from './domain/catalogue/route.model.ts';
export {
  SENDER_ID_FEE_TYPES,
  type NetworkSenderIdFee,
  type OnRequestSenderIdFee,
  type OneTimeSenderIdFee,
  type PerNetworkSenderIdFee,
  type SenderIdFee,
  type SenderIdFeeType,
} from './domain/catalogue/sender-id-fee.model.ts';
export { AFRICAN_MARKETS } from './domain/catalogue/african-markets.data.ts';
export { buildSampleRoutes, DEFAULT_SENDER_ID, SAMPLE_ROUTE_PRICES, SAMPLE_ROUTES } from './domain/catalogue/sample-routes.data.ts';
export { buildSenderIdFees, SENDER_ID_FEE_AMOUNTS, SENDER_ID_FEES } from './domain/catalogue/sender-id-fees.data.ts';
export type { Catalogue, CatalogueData, CatalogueSeedReport, RouteUpdateError } from './application/catalogue/catalogue.port.ts';
export {
  inMarketOrder,
  planCatalogueSeed,
  seedReportOf,
  type CatalogueKeys,
  type CatalogueSeedPlan,
  type PositionedMarket,
} from './domain/catalogue/catalogue-seed.ts';
export { defaultCatalogueData } from './domain/catalogue/default-catalogue.data.ts';
export { coverageOf, pricedRoutes, type CountryCoverage, type Coverage } from './domain/catalogue/coverage.ts';
export { UpdateRoute, type UpdateRouteError, type UpdateRouteInput } from './application/catalogue/update-route.use-case.ts';
export { GetRoute } from './application/catalogue/get-route.use-case.ts';
export { ListRoutes } from './application/catalogue/list-routes.use-case.ts';
export { ListPricing } from './application/catalogue/list-pricing.use-case.ts';
export { GetCoverage } from './application/catalogue/get-coverage.use-case.ts';
export { GetSenderIdFees } from './application/catalogue/get-sender-id-fees.use-case.ts';
export { SeedCatalogue } from './application/catalogue/seed-catalogue.use-case.ts';
