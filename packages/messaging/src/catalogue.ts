/** The catalogue's public API: markets, routes, sender-ID fees, the Catalogue port and its views. */
export type { Market } from './domain/catalogue/market.model.ts';
export { ROUTE_CODE_PREFIX, routeCodeFor, type Route } from './domain/catalogue/route.model.ts';
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
export type { Catalogue } from './domain/catalogue/catalogue.port.ts';
export { defaultCatalogueData, InMemoryCatalogue, type CatalogueData } from './domain/catalogue/in-memory-catalogue.ts';
export {
  toCoverage,
  toPricing,
  toPricingEntry,
  toRouteView,
  toSenderIdFeesView,
  type CoverageEntry,
  type CoverageView,
  type PricingEntry,
  type RouteView,
  type SenderIdFeeEntry,
  type SenderIdFeeRow,
  type SenderIdFeesView,
} from './domain/catalogue/catalogue.views.ts';
