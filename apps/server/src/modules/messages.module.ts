import { ACCOUNTS_TOKENS, type AccountRepository } from '@tuma/accounts';
import { BILLING_TOKENS, type FxRates, type WalletBalances, type WalletLedger } from '@tuma/billing';
import { SimulatorCarrierGateway, SmppCarrierGateway } from '@tuma/carriers-adapter';
import { KERNEL_TOKENS, type Clock, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import { messageRoutes } from '@tuma/koa-adapter';
import {
  ApplyDeliveryReceipts,
  BatchingReceiptSink,
  BulkPrecheckUseCase,
  CancelMessages,
  DispatchMessages,
  DISPATCH_BATCH_JOB,
  DRIP_BATCH_JOB,
  EnvironmentGateways,
  GetBatch,
  GetMessage,
  GetMessageStatuses,
  ListMessages,
  MESSAGING_TOKENS,
  PlanBulkSend,
  RunDripStep,
  SendBulk,
  SendMessage,
  SUBMIT_MESSAGE_JOB,
  TokenBucketThrottle,
  type BatchAudience,
  type BatchRepository,
  type Catalogue,
  type ContactSource,
  type DeliveryReceiptSink,
  type EventPublisher,
  type GatewaySelector,
  type InboundMessageSink,
  type MessageRepository,
  type OptOutList,
  type RouteThrottle,
  type SendingHolds,
  type SenderIdApprovals,
} from '@tuma/messaging';
import { MikroOrmBatchAudience, MikroOrmBatchRepository, MikroOrmMessageRepository, type Database } from '@tuma/mikro-orm-adapter';
import { ContainerModule, type Container } from 'inversify';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

const M = MESSAGING_TOKENS;
const B = BILLING_TOKENS;
const K = KERNEL_TOKENS;
const S = SERVER_TOKENS;

/** What a gateway may need at start and stop: SMPP binds and unbinds, the simulator drops its timers. */
interface GatewayLifecycle {
  start?: () => Promise<void>;
  stop?: () => Promise<void>;
  close?: () => void;
}

function gateways(config: ServerConfig, sink: DeliveryReceiptSink, inbound: InboundMessageSink, clock: Clock, logger: Logger): EnvironmentGateways {
  const onError = (error: unknown) => logger.error({ msg: 'delivery receipt dropped', error: String(error) });
  const sandbox = new SimulatorCarrierGateway({ name: 'sandbox', sink, clock, latencyMs: { min: 50, max: 500 }, ratios: { delivered: 1, failed: 0, expired: 0, refused: 0 }, onError });
  const { carrier } = config;
  const live =
    carrier.kind === 'smpp'
      ? new SmppCarrierGateway({
          name: `smpp:${carrier.host}`,
          host: carrier.host,
          port: carrier.port,
          systemId: carrier.systemId,
          password: carrier.password,
          throughputPerSecond: carrier.throughputPerSecond,
          sink,
          inbound,
          clock,
          onEvent: (event) => logger.info({ msg: 'smpp', ...event }),
        })
      : new SimulatorCarrierGateway({ name: 'simulator', sink, inbound, clock, latencyMs: carrier.latencyMs, ...(carrier.ratios ? { ratios: carrier.ratios } : {}), onError });
  return new EnvironmentGateways(live, sandbox);
}

const bindings = new ContainerModule(({ bind }) => {
  bind(M.messageRepository).toResolvedValue((db: Database) => new MikroOrmMessageRepository(db), [S.database]);
  bind(M.batchRepository).toResolvedValue((db: Database) => new MikroOrmBatchRepository(db), [S.database]);
  bind(M.batchAudience).toResolvedValue((db: Database) => new MikroOrmBatchAudience(db), [S.database]);
  bind(M.applyDeliveryReceipts).toResolvedValue(
    (messages: MessageRepository, events: EventPublisher, uow: UnitOfWork, clock: Clock) => new ApplyDeliveryReceipts(messages, events, uow, clock),
    [M.messageRepository, M.eventPublisher, K.unitOfWork, K.clock],
  );
  // Receipts arrive on timers and sockets, outside any request: each batch gets its own ORM context.
  bind(M.deliveryReceiptSink).toResolvedValue(
    (db: Database, apply: ApplyDeliveryReceipts) => new BatchingReceiptSink((receipts) => db.withContext(() => apply.execute(receipts))),
    [S.database, M.applyDeliveryReceipts],
  );
  bind(M.gateways).toResolvedValue(
    (config: ServerConfig, sink: DeliveryReceiptSink, inbound: InboundMessageSink, clock: Clock, logger: Logger) => gateways(config, sink, inbound, clock, logger),
    [S.config, M.deliveryReceiptSink, M.inboundMessageSink, K.clock, S.logger],
  );
  bind(M.routeThrottle).toResolvedValue(
    (config: ServerConfig) => new TokenBucketThrottle({ ratePerSecond: (code) => config.routeThroughput.perRoute[code] ?? config.routeThroughput.defaultPerSecond }),
    [S.config],
  );
  bind(M.sendMessage).toResolvedValue(
    (
      catalogue: Catalogue,
      fx: FxRates,
      optOuts: OptOutList,
      approvals: SenderIdApprovals,
      messages: MessageRepository,
      ledger: WalletLedger,
      jobs: JobScheduler,
      events: EventPublisher,
      uow: UnitOfWork,
      clock: Clock,
    ) => new SendMessage(catalogue, fx, optOuts, approvals, messages, ledger, jobs, events, uow, clock),
    [M.catalogue, B.fxRates, M.optOutList, M.senderIdApprovals, M.messageRepository, B.walletLedger, K.jobScheduler, M.eventPublisher, K.unitOfWork, K.clock],
  );
  bind(M.planBulkSend).toResolvedValue(
    (catalogue: Catalogue, fx: FxRates, optOuts: OptOutList, approvals: SenderIdApprovals, contacts: ContactSource) => new PlanBulkSend(catalogue, fx, optOuts, approvals, contacts),
    [M.catalogue, B.fxRates, M.optOutList, M.senderIdApprovals, M.contactSource],
  );
  bind(M.sendBulk).toResolvedValue(
    (plan: PlanBulkSend, audience: BatchAudience, batches: BatchRepository, ledger: WalletLedger, jobs: JobScheduler, uow: UnitOfWork, clock: Clock) =>
      new SendBulk(plan, audience, batches, ledger, jobs, uow, clock),
    [M.planBulkSend, M.batchAudience, M.batchRepository, B.walletLedger, K.jobScheduler, K.unitOfWork, K.clock],
  );
  bind(M.bulkPrecheck).toResolvedValue((plan: PlanBulkSend, balances: WalletBalances) => new BulkPrecheckUseCase(plan, balances), [M.planBulkSend, B.walletBalances]);
  bind(M.cancelMessages).toResolvedValue(
    (messages: MessageRepository, batches: BatchRepository, audience: BatchAudience, ledger: WalletLedger, events: EventPublisher, uow: UnitOfWork, clock: Clock) =>
      new CancelMessages(messages, batches, audience, ledger, events, uow, clock),
    [M.messageRepository, M.batchRepository, M.batchAudience, B.walletLedger, M.eventPublisher, K.unitOfWork, K.clock],
  );
  bind(M.dispatchMessages).toResolvedValue(
    (
      messages: MessageRepository,
      audience: BatchAudience,
      catalogue: Catalogue,
      selector: GatewaySelector,
      throttle: RouteThrottle,
      ledger: WalletLedger,
      jobs: JobScheduler,
      events: EventPublisher,
      holds: SendingHolds,
      uow: UnitOfWork,
      clock: Clock,
    ) => new DispatchMessages(messages, audience, catalogue, selector, throttle, ledger, jobs, events, holds, uow, clock),
    [M.messageRepository, M.batchAudience, M.catalogue, M.gateways, M.routeThrottle, B.walletLedger, K.jobScheduler, M.eventPublisher, M.sendingHolds, K.unitOfWork, K.clock],
  );
  // A suspended account's messages are held until it is unsuspended (docs/message-statuses.md, "Dispatch").
  bind(M.sendingHolds).toResolvedValue(
    (accounts: AccountRepository): SendingHolds => ({ isHeld: async (accountId) => (await accounts.findById(accountId))?.isSuspended === true }),
    [ACCOUNTS_TOKENS.accountRepository],
  );
  bind(M.runDripStep).toResolvedValue(
    (dispatch: DispatchMessages, jobs: JobScheduler, clock: Clock) => new RunDripStep(dispatch, jobs, clock),
    [M.dispatchMessages, K.jobScheduler, K.clock],
  );
  bind(M.listMessages).toResolvedValue((messages: MessageRepository) => new ListMessages(messages), [M.messageRepository]);
  bind(M.getMessage).toResolvedValue((messages: MessageRepository) => new GetMessage(messages), [M.messageRepository]);
  bind(M.getMessageStatuses).toResolvedValue((messages: MessageRepository) => new GetMessageStatuses(messages), [M.messageRepository]);
  bind(M.getBatch).toResolvedValue((messages: MessageRepository, batches: BatchRepository) => new GetBatch(messages, batches), [M.messageRepository, M.batchRepository]);
});

/** Worker handlers: each attempt in its own ORM context. */
function registerJobs(container: Container): void {
  const jobs = resolve(container, S.jobs);
  const db = resolve(container, S.database);
  const inContext = <P extends object>(work: (payload: P) => Promise<unknown>) => async (payload: P) => {
    await db.withContext(() => work(payload));
  };
  const dispatch = () => resolve(container, M.dispatchMessages);
  jobs.register(SUBMIT_MESSAGE_JOB, inContext((p) => dispatch().submitMessage(p.messageId, p.attempt)));
  jobs.register(DISPATCH_BATCH_JOB, (p, attempt) =>
    db.withContext(() => dispatch().submitBatchRange(p.batchId, p.fromSeq, p.toSeq, { lastAttempt: attempt.retryCount >= DISPATCH_BATCH_JOB.retryLimit })).then(() => undefined),
  );
  jobs.register(DRIP_BATCH_JOB, inContext((p) => resolve(container, M.runDripStep).execute(p)));
}

async function startGateways(container: Container): Promise<void> {
  const config: ServerConfig = resolve(container, S.config);
  if (config.role === 'api' || config.carrier.kind !== 'smpp') return;
  await ((resolve(container, M.gateways) as EnvironmentGateways).live as GatewayLifecycle).start?.();
}

async function stopGateways(container: Container): Promise<void> {
  const { live, sandbox } = resolve(container, M.gateways) as EnvironmentGateways;
  for (const gateway of [live, sandbox] as GatewayLifecycle[]) {
    await gateway.stop?.();
    gateway.close?.();
  }
}

/** Sending: single and bulk sends, message reads, the dispatch jobs and the carrier gateways. docs/messages.md. */
export const messagesServerModule: ServerModule = {
  name: 'messages',
  bindings,
  routes: (container) => [
    ...messageRoutes({
      sendMessage: resolve(container, M.sendMessage),
      sendBulk: resolve(container, M.sendBulk),
      bulkPrecheck: resolve(container, M.bulkPrecheck),
      listMessages: resolve(container, M.listMessages),
      getMessage: resolve(container, M.getMessage),
      getMessageStatuses: resolve(container, M.getMessageStatuses),
      getBatch: resolve(container, M.getBatch),
      cancelMessages: resolve(container, M.cancelMessages),
    }),
  ],
  jobs: registerJobs,
  onStart: startGateways,
  onStop: stopGateways,
};
