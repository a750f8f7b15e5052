import { ACCOUNTS_TOKENS, type AccountRepository } from '@tuma/accounts';
import { SimulatedHandsets, SimulatorCarrierGateway, SmppCarrierGateway } from '@tuma/carriers-adapter';
import { KERNEL_TOKENS, type Clock } from '@tuma/kernel';
import { bulkPages, messageRoutes, simulatorInboxRoutes, smsPages } from '@tuma/koa-adapter';
import { BatchingReceiptSink, EnvironmentGateways, MESSAGING_TOKENS, SharedRouteThrottle, type DeliveryReceiptSink, type InboundMessageSink, type Messaging, type SendingHolds } from '@tuma/messaging';
import { MikroOrmBatchAudience, MikroOrmBatchRepository, MikroOrmMessageRepository, MikroOrmThroughputLeases, type Database } from '@tuma/mikro-orm-adapter';
import { bindClass } from '../../bind-class.ts';
import { ContainerModule, type Container } from 'inversify';
import { CARRIER_GATEWAY_FACTORY, type CarrierGatewayFactory } from '../../carrier-gateway-factory.ts';
import type { ServerConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';
import { messagingOf } from './sms-core.module.ts';

const M = MESSAGING_TOKENS;
const K = KERNEL_TOKENS;
const S = SERVER_TOKENS;

/** What a gateway may need at start and stop: SMPP binds and unbinds, the simulator drops its timers. */
interface GatewayLifecycle {
  start?: () => Promise<void>;
  stop?: () => Promise<void>;
  close?: () => void;
}

function gateways(config: ServerConfig, sink: DeliveryReceiptSink, inbound: InboundMessageSink, clock: Clock, logger: Logger, embedded?: CarrierGatewayFactory): EnvironmentGateways {
  const onError = (error: unknown) => logger.error({ msg: 'delivery receipt dropped', error: String(error) });
  const inboxSize = config.simulatorInboxSize;
  const sandbox = new SimulatorCarrierGateway({ name: 'sandbox', sink, clock, latencyMs: { min: 50, max: 500 }, ratios: { delivered: 1, failed: 0, expired: 0, refused: 0 }, inboxSize, onError });
  const { carrier } = config;
  const live = embedded
    ? embedded({ sink, inbound, clock })
    : carrier.kind === 'smpp'
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
      : new SimulatorCarrierGateway({ name: 'simulator', sink, inbound, clock, latencyMs: carrier.latencyMs, ...(carrier.ratios ? { ratios: carrier.ratios } : {}), inboxSize, onError });
  return new EnvironmentGateways(live, sandbox);
}

const bindings = new ContainerModule(({ bind }) => {
  bindClass(bind, M.messageRepository, MikroOrmMessageRepository, [S.database]);
  bindClass(bind, M.batchRepository, MikroOrmBatchRepository, [S.database]);
  bindClass(bind, M.batchAudience, MikroOrmBatchAudience, [S.database]);
  // Receipts arrive on timers and sockets, outside any request: each batch gets its own ORM context.
  // The SMS core is looked up per batch, not at binding: it is built over these gateways.
  bind(M.deliveryReceiptSink).toDynamicValue((context) => {
    const db = context.get<Database>(S.database);
    return new BatchingReceiptSink((receipts) => db.withContext(() => context.get<Messaging>(M.messaging).applyDeliveryReceipts.execute(receipts).unwrapOr([])));
  });
  bind(M.gateways).toResolvedValue(
    (config: ServerConfig, sink: DeliveryReceiptSink, inbound: InboundMessageSink, clock: Clock, logger: Logger, embedded: CarrierGatewayFactory | undefined) =>
      gateways(config, sink, inbound, clock, logger, embedded),
    [S.config, M.deliveryReceiptSink, M.inboundMessageSink, K.clock, S.logger, { serviceIdentifier: CARRIER_GATEWAY_FACTORY, optional: true }],
  );
  // ROUTE_THROUGHPUT holds for the whole fleet of workers: they lease tokens from one bucket per route in the database.
  bind(M.routeThrottle).toResolvedValue(
    (config: ServerConfig, db: Database) =>
      new SharedRouteThrottle(new MikroOrmThroughputLeases(db), { ratePerSecond: (code) => config.routeThroughput.perRoute[code] ?? config.routeThroughput.defaultPerSecond }),
    [S.config, S.database],
  );
  // A suspended account's messages are held until it is unsuspended (docs/message-statuses.md, "Dispatch").
  bind(M.sendingHolds).toResolvedValue(
    (accounts: AccountRepository): SendingHolds => ({ isHeld: async (accountId) => (await accounts.findById(accountId))?.isSuspended === true }),
    [ACCOUNTS_TOKENS.accountRepository],
  );
});

async function startGateways(container: Container): Promise<void> {
  const config: ServerConfig = resolve(container, S.config);
  if (config.role === 'api' || (config.carrier.kind !== 'smpp' && !container.isBound(CARRIER_GATEWAY_FACTORY))) return;
  await ((resolve(container, M.gateways) as EnvironmentGateways).live as GatewayLifecycle).start?.();
}

async function stopGateways(container: Container): Promise<void> {
  const { live, sandbox } = resolve(container, M.gateways) as EnvironmentGateways;
  for (const gateway of [live, sandbox] as GatewayLifecycle[]) {
    await gateway.stop?.();
    gateway.close?.();
  }
}

/**
 * Sending: single and bulk sends, message reads, the dispatch jobs and the carrier gateways, with
 * what the simulators among them carried to phones (docs/messages.md, docs/carriers.md).
 */
export const messagesServerModule: ServerModule = {
  name: 'messages',
  bindings,
  routes: (container) => [
    ...messageRoutes(messagingOf(container)),
    ...simulatorInboxRoutes(new SimulatedHandsets(resolve(container, M.gateways) as EnvironmentGateways)),
  ],
  consolePages: (container) => {
    const accounts = resolve(container, ACCOUNTS_TOKENS.accountRepository);
    const readAccount = (accountId: string) => accounts.findById(accountId);
    return [...smsPages({ ...messagingOf(container), readAccount }), ...bulkPages({ ...messagingOf(container), readAccount })];
  },
  onStart: startGateways,
  onStop: stopGateways,
};
