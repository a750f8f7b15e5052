import { smsSettingsRoutes } from '@tuma/koa-adapter';
import { MESSAGING_TOKENS } from '@tuma/messaging';
import { CachingQuietHoursCatalogue, CachingSmsSettings, MikroOrmQuietHoursCatalogue, MikroOrmSmsSettings, type Database, type DatabaseNotifications } from '@tuma/mikro-orm-adapter';
import { ContainerModule, type Container } from 'inversify';
import type { Logger } from '../../logger.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';
import { messagingOf } from './sms-core.module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const M = MESSAGING_TOKENS;
  // Both are read by promotional and smart-encoded sends: kept in process, emptied everywhere on a change.
  bind(M.quietHoursCatalogue).toResolvedValue(
    (database: Database, notifications: DatabaseNotifications) => new CachingQuietHoursCatalogue(new MikroOrmQuietHoursCatalogue(database), notifications),
    [SERVER_TOKENS.database, SERVER_TOKENS.notifications],
  );
  bind(M.smsSettings).toResolvedValue(
    (database: Database, notifications: DatabaseNotifications) => new CachingSmsSettings(new MikroOrmSmsSettings(database), notifications),
    [SERVER_TOKENS.database, SERVER_TOKENS.notifications],
  );
});

/** Every start adds the built-in quiet hours of the markets the database lacks (after the catalogue's seed) and changes none. */
async function seedQuietHours(container: Container): Promise<void> {
  const logger: Logger = resolve(container, SERVER_TOKENS.logger);
  const added = await messagingOf(container).seedQuietHours.execute().unwrapOr(0);
  if (added > 0) logger.info({ msg: 'seeded the quiet hours', markets: added });
}

/** Quiet hours per market (operators) and accounts' SMS settings (docs/quiet-hours.md). */
export const quietHoursServerModule: ServerModule = {
  name: 'quiet-hours',
  bindings,
  routes: (container) => smsSettingsRoutes(messagingOf(container)),
  onStart: seedQuietHours,
};
