import type { NodeDnsResolver } from '@tuma/dns-adapter';
import { KERNEL_TOKENS, token, type Clock, type Digests } from '@tuma/kernel';
import { webhookPages, webhookRoutes } from '@tuma/koa-adapter';
import { MESSAGING_TOKENS } from '@tuma/messaging';
import { CachingWebhookConfigRepository, MikroOrmWebhookConfigRepository, MikroOrmWebhookDeliveryRepository, type Database, type DatabaseNotifications, type DatabaseOutage } from '@tuma/mikro-orm-adapter';
import { PurgeWebhookLog, TimestampedSignatures, WEBHOOKS_TOKENS, WebhookDestinations, type WebhookDeliveryRepository } from '@tuma/webhooks';
import { AesGcmSecretCipher, BlockListAddressPolicy, PinnedHttpWebhookSender } from '@tuma/webhooks-adapter';
import { bindClass } from '../../bind-class.ts';
import { ContainerModule, type Container } from 'inversify';
import type { ServerConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { PeriodicTask } from '../../periodic-task.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import { webhookSecretKey } from '../../server-secrets.ts';
import type { ServerModule } from '../server-module.ts';

const M = MESSAGING_TOKENS;
const W = WEBHOOKS_TOKENS;
const K = KERNEL_TOKENS;
const S = SERVER_TOKENS;

/** SMS's webhooks on the engine: its profile (X-Webhook-*, 10 s to 810 s, the `messaging.deliver-webhook` queue). */

/** Deletes the deliveries log's entries past WEBHOOK_LOG_RETENTION_DAYS, in worker processes. */
const LOG_PURGER = token<PeriodicTask>('server.WebhookLogPurger');
const PURGE_EVERY_SECONDS = 3600;

const bindings = new ContainerModule(({ bind }) => {
  // The engine's shared parts: the outbox table, the URL policy, the pinned sender, inbound signatures.
  bindClass(bind, W.webhookDeliveryRepository, MikroOrmWebhookDeliveryRepository, [S.database]);
  bind(W.webhookDestinations).toResolvedValue(
    (config: ServerConfig, dns: NodeDnsResolver) => new WebhookDestinations(new BlockListAddressPolicy(), dns, config.webhookAllowHosts),
    [S.config, S.dnsResolver],
  );
  bind(W.webhookSender).toResolvedValue((destinations: WebhookDestinations) => new PinnedHttpWebhookSender({ destinations }), [W.webhookDestinations]);
  bind(W.timestampedSignatures).toResolvedValue((digests: Digests) => new TimestampedSignatures(digests), [K.digests]);
  bind(LOG_PURGER).toResolvedValue(
    (deliveries: WebhookDeliveryRepository, clock: Clock, config: ServerConfig, database: Database, logger: Logger, outage: DatabaseOutage) => {
      const purge = new PurgeWebhookLog(deliveries, clock, config.webhookLogRetentionDays);
      return new PeriodicTask(
        async () => {
          const purged = await database.withContext(() => purge.execute().match((count) => count, (never) => never));
          if (purged > 0) logger.info({ msg: 'webhook deliveries past their retention purged', purged });
        },
        'webhook deliveries past their retention not purged (the next round tries again)',
        logger,
        outage,
      );
    },
    [W.webhookDeliveryRepository, K.clock, S.config, S.database, S.logger, S.outage],
  );
  // SMS: its configuration (the SMS core builds the engine's use cases over it, with the SMS profile);
  // where events go is read by every published event, so it is kept in process.
  bind(M.webhookConfigRepository).toResolvedValue(
    (db: Database, config: ServerConfig, notifications: DatabaseNotifications) =>
      new CachingWebhookConfigRepository(new MikroOrmWebhookConfigRepository(db, new AesGcmSecretCipher(webhookSecretKey(config))), notifications),
    [S.database, S.config, S.notifications],
  );
});

/** Each delivery attempt runs in its own ORM context; the operator log gets its outcome (never the URL, which may carry the customer's tokens). */
/** Several processes on one PostgreSQL must share the sealing key: a key file per machine would not do. */
async function warnAboutKey(container: Container): Promise<void> {
  const config: ServerConfig = resolve(container, S.config);
  if (config.databaseUrl && !config.webhookSecretKey) {
    const logger: Logger = resolve(container, S.logger);
    logger.warn({ msg: `WEBHOOK_SECRET_KEY is not set: webhook signing secrets are sealed with a key kept in ${config.dataDir}/webhook-secret.key; every process on this database needs the same key (set WEBHOOK_SECRET_KEY)` });
  }
}

/** Account webhooks: configuration, the event outbox, delivery jobs with retries and the deliveries log. docs/webhooks.md. */
export const webhooksServerModule: ServerModule = {
  name: 'webhooks',
  bindings,
  routes: (container) =>
    webhookRoutes(resolve(container, M.messaging)),
  consolePages: (container) => webhookPages(resolve(container, M.messaging)),
  onStart: async (container) => {
    await warnAboutKey(container);
    if (resolve(container, S.config).role !== 'api') await resolve(container, LOG_PURGER).start(PURGE_EVERY_SECONDS);
  },
  onStop: async (container) => {
    resolve(container, LOG_PURGER).stop();
  },
};
