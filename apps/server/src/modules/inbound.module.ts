import { SimulatorCarrierGateway } from '@tuma/carriers-adapter';
import { KERNEL_TOKENS, type Clock, type UnitOfWork } from '@tuma/kernel';
import { conversationRoutes, inboundPushRoutes, simulatorInboundRoutes } from '@tuma/koa-adapter';
import {
  GetConversation,
  ListConversations,
  MESSAGING_TOKENS,
  ReceiveInboundMessage,
  type EnvironmentGateways,
  type EventPublisher,
  type InboundMessageRepository,
  type InboundMessageSink,
  type OptOutList,
} from '@tuma/messaging';
import { MikroOrmInboundMessageRepository, type Database } from '@tuma/mikro-orm-adapter';
import { ContainerModule, type Container } from 'inversify';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import { inboundPushAuthenticator } from './inbound-push-authenticator.ts';
import type { ServerModule } from './server-module.ts';

const M = MESSAGING_TOKENS;
const K = KERNEL_TOKENS;
const S = SERVER_TOKENS;

const bindings = new ContainerModule(({ bind }) => {
  bind(M.inboundMessageRepository).toResolvedValue((db: Database) => new MikroOrmInboundMessageRepository(db), [S.database]);
  bind(M.receiveInboundMessage).toResolvedValue(
    (inbound: InboundMessageRepository, optOuts: OptOutList, events: EventPublisher, uow: UnitOfWork, clock: Clock) => new ReceiveInboundMessage(inbound, optOuts, events, uow, clock),
    [M.inboundMessageRepository, M.optOutList, M.eventPublisher, K.unitOfWork, K.clock],
  );
  // Gateways hand messages over on sockets and timers, outside any request: each gets its own ORM context.
  bind(M.inboundMessageSink).toResolvedValue(
    (db: Database, receive: ReceiveInboundMessage): InboundMessageSink => ({ receive: (sms) => db.withContext(() => receive.execute(sms)) }),
    [S.database, M.receiveInboundMessage],
  );
  bind(M.listConversations).toResolvedValue((inbound: InboundMessageRepository) => new ListConversations(inbound), [M.inboundMessageRepository]);
  bind(M.getConversation).toResolvedValue((inbound: InboundMessageRepository) => new GetConversation(inbound), [M.inboundMessageRepository]);
});

/** The operator's simulated replies, when live messages go to the simulator. */
function simulatorRoutes(container: Container) {
  const { live } = resolve(container, M.gateways) as EnvironmentGateways;
  return live instanceof SimulatorCarrierGateway ? simulatorInboundRoutes(live) : [];
}

/**
 * Inbound messages and conversations (docs/inbound.md): the store, the use case every gateway's
 * inbound sink runs (the live gateway gets it in messages.module.ts), the aggregators' push endpoint
 * and the conversation reads.
 */
export const inboundServerModule: ServerModule = {
  name: 'inbound',
  bindings,
  routes: (container) => [
    ...conversationRoutes({ listConversations: resolve(container, M.listConversations), getConversation: resolve(container, M.getConversation) }),
    ...inboundPushRoutes({
      authenticatePush: inboundPushAuthenticator(resolve(container, S.config).inboundSecrets, resolve(container, K.clock)),
      receiveInboundMessage: resolve(container, M.receiveInboundMessage),
    }),
    ...simulatorRoutes(container),
  ],
};
