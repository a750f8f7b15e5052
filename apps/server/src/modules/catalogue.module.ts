import { catalogueRoutes } from '@tuma/koa-adapter';
import {
  GetCoverage,
  GetRoute,
  GetSenderIdFees,
  ListPricing,
  ListRoutes,
  MESSAGING_TOKENS,
  SeedCatalogue,
  UpdateRoute,
  type Catalogue,
} from '@tuma/messaging';
import { MikroOrmCatalogue, type Database } from '@tuma/mikro-orm-adapter';
import { ContainerModule, type Container } from 'inversify';
import type { Logger } from '../logger.ts';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const M = MESSAGING_TOKENS;
  bind(M.catalogue).toResolvedValue((db: Database) => new MikroOrmCatalogue(db), [SERVER_TOKENS.database]);
  bind(M.listRoutes).toResolvedValue((catalogue: Catalogue) => new ListRoutes(catalogue), [M.catalogue]);
  bind(M.getRoute).toResolvedValue((catalogue: Catalogue) => new GetRoute(catalogue), [M.catalogue]);
  bind(M.listPricing).toResolvedValue((catalogue: Catalogue) => new ListPricing(catalogue), [M.catalogue]);
  bind(M.getCoverage).toResolvedValue((catalogue: Catalogue) => new GetCoverage(catalogue), [M.catalogue]);
  bind(M.getSenderIdFees).toResolvedValue((catalogue: Catalogue) => new GetSenderIdFees(catalogue), [M.catalogue]);
  bind(M.updateRoute).toResolvedValue((catalogue: Catalogue) => new UpdateRoute(catalogue), [M.catalogue]);
  bind(M.seedCatalogue).toResolvedValue((catalogue: Catalogue) => new SeedCatalogue(catalogue), [M.catalogue]);
});

/**
 * Every start adds the built-in markets, routes and fees the database lacks and changes nothing
 * that exists: after the first start the database is the catalogue's source of truth.
 */
async function seedCatalogue(container: Container): Promise<void> {
  const logger: Logger = resolve(container, SERVER_TOKENS.logger);
  await resolve(container, MESSAGING_TOKENS.seedCatalogue)
    .execute()
    .map((report) => {
      if (report.markets + report.routes + report.senderIdFees > 0) logger.info({ msg: 'seeded the catalogue', ...report });
    });
}

/** Markets, routes, pricing, coverage and sender-ID fees; operators' route changes. */
export const catalogueServerModule: ServerModule = {
  name: 'catalogue',
  bindings,
  routes: (container) =>
    catalogueRoutes({
      listRoutes: resolve(container, MESSAGING_TOKENS.listRoutes),
      getRoute: resolve(container, MESSAGING_TOKENS.getRoute),
      listPricing: resolve(container, MESSAGING_TOKENS.listPricing),
      getCoverage: resolve(container, MESSAGING_TOKENS.getCoverage),
      getSenderIdFees: resolve(container, MESSAGING_TOKENS.getSenderIdFees),
      updateRoute: resolve(container, MESSAGING_TOKENS.updateRoute),
    }),
  onStart: seedCatalogue,
};
