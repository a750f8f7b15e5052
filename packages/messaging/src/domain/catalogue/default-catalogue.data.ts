import { AFRICAN_MARKETS } from './african-markets.data.ts';
import type { CatalogueData } from './catalogue-seed.ts';
import { SAMPLE_ROUTES } from './sample-routes.data.ts';
import { SENDER_ID_FEES } from './sender-id-fees.data.ts';

/** The built-in data: 54 markets, their sample routes and the sender-ID fee schedule. */
export function defaultCatalogueData(): CatalogueData {
  return { markets: AFRICAN_MARKETS, routes: SAMPLE_ROUTES, senderIdFees: SENDER_ID_FEES };
}
