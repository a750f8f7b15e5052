import { createIdempotency, IDEMPOTENCY_TOKENS, type Idempotency, type IdempotencyKeyStore } from '@tuma/idempotency';
import { KERNEL_TOKENS, token, type Clock } from '@tuma/kernel';
import { MikroOrmIdempotencyKeyStore, type Database, type DatabaseOutage } from '@tuma/mikro-orm-adapter';
import { ContainerModule } from 'inversify';
import { bindClass } from '../../bind-class.ts';
import type { ServerConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { PeriodicTask } from '../../periodic-task.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

/** Deletes the records past their 24 hours, in worker processes. */
const PURGER = token<PeriodicTask>('server.IdempotencyPurger');
const PURGE_EVERY_SECONDS = 600;

const bindings = new ContainerModule(({ bind }) => {
  const T = IDEMPOTENCY_TOKENS;
  bindClass(bind, T.keyStore, MikroOrmIdempotencyKeyStore, [SERVER_TOKENS.database]);
  bind(T.idempotency).toResolvedValue(
    (keyStore: IdempotencyKeyStore, clock: Clock, config: ServerConfig) => createIdempotency({ keyStore, clock, leaseMs: config.idempotencyLeaseSeconds * 1000 }),
    [T.keyStore, KERNEL_TOKENS.clock, SERVER_TOKENS.config],
  );
  bind(PURGER).toResolvedValue(
    (idempotency: Idempotency, database: Database, logger: Logger, outage: DatabaseOutage) =>
      new PeriodicTask(
        async () => {
          const purged = await database.withContext(() =>
            idempotency.purgeExpired.execute().match(
              (count) => count,
              (never) => never,
            ),
          );
          if (purged > 0) logger.info({ msg: 'expired idempotency keys purged', purged });
        },
        'expired idempotency keys not purged (the next round tries again)',
        logger,
        outage,
      ),
    [T.idempotency, SERVER_TOKENS.database, SERVER_TOKENS.logger, SERVER_TOKENS.outage],
  );
});

/**
 * Idempotency-Key (docs/idempotency.md): the keys' records on the database, the use cases the HTTP
 * app and the sends use, and the purge of expired records every 10 minutes in worker processes.
 */
export const idempotencyServerModule: ServerModule = {
  name: 'idempotency',
  bindings,
  onStart: async (container) => {
    // Keys an outage left claimed (their release failed) are released as soon as the database answers (docs/reliability.md).
    const releaseKey = resolve(container, IDEMPOTENCY_TOKENS.idempotency).releaseKey;
    const database = resolve(container, SERVER_TOKENS.database);
    const logger = resolve(container, SERVER_TOKENS.logger);
    resolve(container, SERVER_TOKENS.outage).onReturn(async () => {
      const released = await database.withContext(() => releaseKey.retryUnreleased());
      if (released > 0) logger.info({ msg: 'idempotency keys left claimed by the outage released', released });
    });
    if (resolve(container, SERVER_TOKENS.config).role !== 'api') await resolve(container, PURGER).start(PURGE_EVERY_SECONDS);
  },
  onStop: async (container) => {
    resolve(container, PURGER).stop();
  },
};
