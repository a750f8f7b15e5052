import { KERNEL_TOKENS, type Clock, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import { webhookRoutes } from '@tuma/koa-adapter';
import {
  DELIVER_WEBHOOK_JOB,
  DeliverWebhook,
  GetWebhookConfig,
  ListWebhookDeliveries,
  MESSAGING_TOKENS,
  OutboxEventPublisher,
  RedeliverWebhook,
  RotateWebhookSecret,
  SendTestWebhooks,
  UpdateWebhookConfig,
  WebhookDestinations,
  type WebhookConfigRepository,
  type WebhookDeliveryRepository,
  type WebhookSender,
} from '@tuma/messaging';
import { MikroOrmWebhookConfigRepository, MikroOrmWebhookDeliveryRepository, type Database } from '@tuma/mikro-orm-adapter';
import { AesGcmSecretCipher, BlockListAddressPolicy, DnsHostResolver, PinnedHttpWebhookSender } from '@tuma/webhooks-adapter';
import { ContainerModule, type Container } from 'inversify';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import { webhookSecretKey } from '../webhook-secret-key.ts';
import type { ServerModule } from './server-module.ts';

const M = MESSAGING_TOKENS;
const K = KERNEL_TOKENS;
const S = SERVER_TOKENS;

const bindings = new ContainerModule(({ bind }) => {
  bind(M.webhookConfigRepository).toResolvedValue(
    (db: Database, config: ServerConfig) => new MikroOrmWebhookConfigRepository(db, new AesGcmSecretCipher(webhookSecretKey(config))),
    [S.database, S.config],
  );
  bind(M.webhookDeliveryRepository).toResolvedValue((db: Database) => new MikroOrmWebhookDeliveryRepository(db), [S.database]);
  bind(M.webhookDestinations).toResolvedValue(
    (config: ServerConfig) => new WebhookDestinations(new BlockListAddressPolicy(), new DnsHostResolver(), config.webhookAllowHosts),
    [S.config],
  );
  bind(M.webhookSender).toResolvedValue((destinations: WebhookDestinations) => new PinnedHttpWebhookSender({ destinations }), [M.webhookDestinations]);
  bind(M.eventPublisher).toResolvedValue(
    (configs: WebhookConfigRepository, deliveries: WebhookDeliveryRepository, jobs: JobScheduler, clock: Clock) => new OutboxEventPublisher(configs, deliveries, jobs, clock),
    [M.webhookConfigRepository, M.webhookDeliveryRepository, K.jobScheduler, K.clock],
  );
  bind(M.getWebhookConfig).toResolvedValue(
    (configs: WebhookConfigRepository, uow: UnitOfWork, clock: Clock) => new GetWebhookConfig(configs, uow, clock),
    [M.webhookConfigRepository, K.unitOfWork, K.clock],
  );
  bind(M.updateWebhookConfig).toResolvedValue(
    (configs: WebhookConfigRepository, destinations: WebhookDestinations, uow: UnitOfWork, clock: Clock) => new UpdateWebhookConfig(configs, destinations, uow, clock),
    [M.webhookConfigRepository, M.webhookDestinations, K.unitOfWork, K.clock],
  );
  bind(M.rotateWebhookSecret).toResolvedValue(
    (configs: WebhookConfigRepository, uow: UnitOfWork, clock: Clock) => new RotateWebhookSecret(configs, uow, clock),
    [M.webhookConfigRepository, K.unitOfWork, K.clock],
  );
  bind(M.deliverWebhook).toResolvedValue(
    (deliveries: WebhookDeliveryRepository, configs: WebhookConfigRepository, sender: WebhookSender, jobs: JobScheduler, uow: UnitOfWork, clock: Clock) =>
      new DeliverWebhook(deliveries, configs, sender, jobs, uow, clock),
    [M.webhookDeliveryRepository, M.webhookConfigRepository, M.webhookSender, K.jobScheduler, K.unitOfWork, K.clock],
  );
  bind(M.sendTestWebhooks).toResolvedValue(
    (configs: WebhookConfigRepository, deliveries: WebhookDeliveryRepository, deliver: DeliverWebhook, jobs: JobScheduler, uow: UnitOfWork, clock: Clock) =>
      new SendTestWebhooks(configs, deliveries, deliver, jobs, uow, clock),
    [M.webhookConfigRepository, M.webhookDeliveryRepository, M.deliverWebhook, K.jobScheduler, K.unitOfWork, K.clock],
  );
  bind(M.listWebhookDeliveries).toResolvedValue((deliveries: WebhookDeliveryRepository) => new ListWebhookDeliveries(deliveries), [M.webhookDeliveryRepository]);
  bind(M.redeliverWebhook).toResolvedValue(
    (deliveries: WebhookDeliveryRepository, configs: WebhookConfigRepository, jobs: JobScheduler, uow: UnitOfWork, clock: Clock) => new RedeliverWebhook(deliveries, configs, jobs, uow, clock),
    [M.webhookDeliveryRepository, M.webhookConfigRepository, K.jobScheduler, K.unitOfWork, K.clock],
  );
});

/** Each delivery attempt runs in its own ORM context; the operator log gets its outcome (never the URL, which may carry the customer's tokens). */
function registerJobs(container: Container): void {
  const db = resolve(container, S.database);
  const logger: Logger = resolve(container, S.logger);
  resolve(container, S.jobs).register(DELIVER_WEBHOOK_JOB, async (due) => {
    const recorded = await db.withContext(() => resolve(container, M.deliverWebhook).execute(due));
    if (!recorded) return;
    const { attempt, delivery } = recorded;
    logger.info({
      msg: 'webhook attempt',
      account_id: delivery.accountId,
      event_id: attempt.eventId,
      series: attempt.series,
      attempt: attempt.attempt,
      status_code: attempt.statusCode,
      latency_ms: attempt.latencyMs,
      error: attempt.error,
      delivery_status: delivery.status,
    });
  });
}

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
    webhookRoutes({
      getWebhookConfig: resolve(container, M.getWebhookConfig),
      updateWebhookConfig: resolve(container, M.updateWebhookConfig),
      rotateWebhookSecret: resolve(container, M.rotateWebhookSecret),
      sendTestWebhooks: resolve(container, M.sendTestWebhooks),
      listWebhookDeliveries: resolve(container, M.listWebhookDeliveries),
      redeliverWebhook: resolve(container, M.redeliverWebhook),
    }),
  jobs: registerJobs,
  onStart: warnAboutKey,
};
