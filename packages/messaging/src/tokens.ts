import { token } from '@tuma/kernel';
import type { GetCoverage } from './application/get-coverage.use-case.ts';
import type { GetRoute } from './application/get-route.use-case.ts';
import type { GetSenderIdFees } from './application/get-sender-id-fees.use-case.ts';
import type { ListPricing } from './application/list-pricing.use-case.ts';
import type { ListRoutes } from './application/list-routes.use-case.ts';
import type { SeedCatalogue } from './application/seed-catalogue.use-case.ts';
import type { UpdateRoute } from './application/update-route.use-case.ts';
import type { Catalogue } from './domain/catalogue/catalogue.port.ts';
import type { QuotePrice } from './application/quote-price.use-case.ts';

export const MESSAGING_TOKENS = {
  catalogue: token<Catalogue>('messaging.Catalogue'),
  listRoutes: token<ListRoutes>('messaging.ListRoutes'),
  getRoute: token<GetRoute>('messaging.GetRoute'),
  listPricing: token<ListPricing>('messaging.ListPricing'),
  getCoverage: token<GetCoverage>('messaging.GetCoverage'),
  getSenderIdFees: token<GetSenderIdFees>('messaging.GetSenderIdFees'),
  updateRoute: token<UpdateRoute>('messaging.UpdateRoute'),
  seedCatalogue: token<SeedCatalogue>('messaging.SeedCatalogue'),
  quotePrice: token<QuotePrice>('messaging.QuotePrice'),
};
