import { catalogueRoutes } from '@tuma/koa-adapter';
import { MESSAGING_TOKENS } from '@tuma/messaging';
import { CachingCatalogue, MikroOrmCatalogue, type Database, type DatabaseNotifications } from '@tuma/mikro-orm-adapter';
import { ContainerModule, type Container } from 'inversify';
import type { Logger } from '../../logger.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';
import { messagingOf } from './sms-core.module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const M = MESSAGING_TOKENS;
  // Routes are kept in process and emptied in every process when one changes (quotes and sends read them).
  bind(M.catalogue).toResolvedValue(
    (database: Database, notifications: DatabaseNotifications) => new CachingCatalogue(new MikroOrmCatalogue(database), notifications),
    [SERVER_TOKENS.database, SERVER_TOKENS.notifications],
  );
});

/**
 * Every start adds the built-in markets, routes and fees the database lacks and changes nothing
 * that exists: after the first start the database is the catalogue's source of truth.
 */
async function seedCatalogue(container: Container): Promise<void> {
  const logger: Logger = resolve(container, SERVER_TOKENS.logger);
  await messagingOf(container).seedCatalogue
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
    catalogueRoutes(messagingOf(container)),
  onStart: seedCatalogue,
};
