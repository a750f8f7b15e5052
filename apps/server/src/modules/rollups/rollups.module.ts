import { token } from '@tuma/kernel';
import { EMAIL_EVENT_TALLY, LINK_CLICK_TALLY, MESSAGE_TALLY, RollupFolds, type Database, type DatabaseOutage } from '@tuma/mikro-orm-adapter';
import { ContainerModule } from 'inversify';
import type { Logger } from '../../logger.ts';
import { PeriodicTask } from '../../periodic-task.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

const FOLDER = token<PeriodicTask>('server.RollupFolder');
/**
 * Unfolded rows cost readers a row each until folded (a few per statement that wrote messages,
 * events or clicks): every 10 s keeps them to what 10 s of traffic wrote, and a round to one
 * short transaction per table.
 */
const FOLD_EVERY_SECONDS = 10;

const bindings = new ContainerModule(({ bind }) => {
  bind(FOLDER).toResolvedValue(
    (database: Database, logger: Logger, outage: DatabaseOutage) => {
      const folds = new RollupFolds(database, [MESSAGE_TALLY, EMAIL_EVENT_TALLY, LINK_CLICK_TALLY]);
      return new PeriodicTask(() => database.withContext(() => folds.foldAll()), 'report roll-ups not folded (readers sum the unfolded rows meanwhile)', logger, outage);
    },
    [SERVER_TOKENS.database, SERVER_TOKENS.logger, SERVER_TOKENS.outage],
  );
});

/**
 * The folds of the report tallies (SMS messages, mail events, link clicks; docs/reports.md, "How they
 * are computed"): triggers append each write's deltas, worker processes fold them into one row per
 * key every 10 s. Answers never depend on it.
 */
export const rollupsServerModule: ServerModule = {
  name: 'rollups',
  bindings,
  onStart: async (container) => {
    if (resolve(container, SERVER_TOKENS.config).role !== 'api') await resolve(container, FOLDER).start(FOLD_EVERY_SECONDS);
  },
  onStop: async (container) => {
    resolve(container, FOLDER).stop();
  },
};
