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
 * Unfolded rows cost readers a row each until folded: at 3,000 sends a second and their status
 * changes, 10 s leaves a few thousand (milliseconds of a report), and a round a few milliseconds.
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
 * The report roll-ups' folds (docs/reports.md, "How they are computed"): triggers append each write's
 * deltas, worker processes fold them into one row per key every 10 s. Answers never depend on it.
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
