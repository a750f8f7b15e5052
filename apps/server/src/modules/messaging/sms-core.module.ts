import { BILLING_TOKENS } from '@tuma/billing';
import { IDEMPOTENCY_TOKENS } from '@tuma/idempotency';
import { KERNEL_TOKENS } from '@tuma/kernel';
import { createMessaging, MESSAGING_TOKENS, messagingJobRoutes, type Messaging } from '@tuma/messaging';
import { isPassingDatabaseFault } from '@tuma/mikro-orm-adapter';
import { WEBHOOKS_TOKENS, type RecordedAttempt } from '@tuma/webhooks';
import { ContainerModule, type Container } from 'inversify';
import { bindFactory } from '../../bind-class.ts';
import type { Logger } from '../../logger.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

const M = MESSAGING_TOKENS;
const B = BILLING_TOKENS;
const K = KERNEL_TOKENS;
const W = WEBHOOKS_TOKENS;

const bindings = new ContainerModule(({ bind }) => {
  // Carriers' answers are recorded again until the database takes them: an outage does not send them twice.
  bind(M.dispatchOptions).toConstantValue({ isTransient: isPassingDatabaseFault });
  bindFactory(bind, M.messaging, createMessaging, {
    unitOfWork: K.unitOfWork,
    clock: K.clock,
    jobs: K.jobScheduler,
    fxRates: B.fxRates,
    walletLedger: B.walletLedger,
    walletBalances: B.walletBalances,
    walletOwners: B.walletOwners,
    catalogue: M.catalogue,
    optOutList: M.optOutList,
    templateRepository: M.templateRepository,
    senderIdRepository: M.senderIdRepository,
    contactListRepository: M.contactListRepository,
    messageRepository: M.messageRepository,
    batchRepository: M.batchRepository,
    batchAudience: M.batchAudience,
    messageReports: M.messageReports,
    inboundMessageRepository: M.inboundMessageRepository,
    gateways: M.gateways,
    webhookConfigRepository: M.webhookConfigRepository,
    webhookDeliveryRepository: W.webhookDeliveryRepository,
    webhookSender: W.webhookSender,
    webhookDestinations: W.webhookDestinations,
    idempotencyKeys: IDEMPOTENCY_TOKENS.keyStore,
    routeThrottle: M.routeThrottle,
    sendingHolds: M.sendingHolds,
    batchContext: K.batchContext,
    dispatch: M.dispatchOptions,
    inboundClaims: M.inboundClaims,
    unsentMessageFollowers: M.unsentMessageFollowers,
    quietHoursCatalogue: M.quietHoursCatalogue,
    smsSettings: M.smsSettings,
  });
});

/** The SMS core's use cases, as the server built them. */
export const messagingOf = (container: Container): Messaging => resolve(container, M.messaging);

function logWebhookAttempt(logger: Logger, { attempt, delivery }: RecordedAttempt): void {
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
}

/** Every job of the SMS core on this process's workers, each attempt in its own ORM context. */
function registerJobs(container: Container): void {
  const db = resolve(container, SERVER_TOKENS.database);
  const logger = resolve(container, SERVER_TOKENS.logger);
  const workers = resolve(container, SERVER_TOKENS.jobs);
  for (const route of messagingJobRoutes(messagingOf(container), { onWebhookAttempt: (recorded) => logWebhookAttempt(logger, recorded) })) {
    route.register(workers, (attempt) => db.withContext(attempt));
  }
}

/**
 * The SMS core (`createMessaging`) over the ports the capability modules bind (stores, carriers,
 * the wallet, the webhook engine), and its jobs.
 */
export const smsCoreServerModule: ServerModule = {
  name: 'sms-core',
  bindings,
  jobs: registerJobs,
};
