import { SimulatorCarrierGateway } from '@tuma/carriers-adapter';
import { KERNEL_TOKENS } from '@tuma/kernel';
import { conversationRoutes, inboundPushRoutes, simulatorInboundRoutes } from '@tuma/koa-adapter';
import { MESSAGING_TOKENS, type EnvironmentGateways, type InboundMessageSink, type Messaging } from '@tuma/messaging';
import { MikroOrmInboundMessageRepository, type Database } from '@tuma/mikro-orm-adapter';
import { bindClass } from '../../bind-class.ts';
import { WEBHOOKS_TOKENS } from '@tuma/webhooks';
import { ContainerModule, type Container } from 'inversify';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import { inboundPushAuthenticator } from './inbound-push-authenticator.ts';
import type { ServerModule } from '../server-module.ts';
import { messagingOf } from './sms-core.module.ts';

const M = MESSAGING_TOKENS;
const K = KERNEL_TOKENS;
const S = SERVER_TOKENS;

const bindings = new ContainerModule(({ bind }) => {
  bindClass(bind, M.inboundMessageRepository, MikroOrmInboundMessageRepository, [S.database]);
  // Gateways hand messages over on sockets and timers, outside any request: each gets its own ORM context.
  // The SMS core is looked up per message, not at binding: it is built over the gateways this sink serves.
  bind(M.inboundMessageSink).toDynamicValue((context): InboundMessageSink => {
    const db = context.get<Database>(S.database);
    return { receive: (sms) => db.withContext(() => context.get<Messaging>(M.messaging).receiveInboundMessage.execute(sms)) };
  });
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
    ...conversationRoutes(messagingOf(container)),
    ...inboundPushRoutes({
      authenticatePush: inboundPushAuthenticator(resolve(container, S.config).inboundSecrets, resolve(container, WEBHOOKS_TOKENS.timestampedSignatures), resolve(container, K.clock)),
      receiveInboundMessage: messagingOf(container).receiveInboundMessage,
    }),
    ...simulatorRoutes(container),
  ],
};
