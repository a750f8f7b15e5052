import { adminSenderIdRoutes, senderIdPages, senderIdRoutes } from '@tuma/koa-adapter';
import { MESSAGING_TOKENS } from '@tuma/messaging';
import { MikroOrmSenderIdRepository } from '@tuma/mikro-orm-adapter';
import { bindClass } from '../../bind-class.ts';
import { ContainerModule } from 'inversify';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';
import { messagingOf } from './sms-core.module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const M = MESSAGING_TOKENS;
  bindClass(bind, M.senderIdRepository, MikroOrmSenderIdRepository, [SERVER_TOKENS.database]);
  // Sends check approvals through the narrow port; it is the same repository.
});

/**
 * Sender-ID registration requests (customers) and their review (operators): the fee is charged on
 * approval, in the wallet currency. See docs/sender-ids.md.
 */
/** The worker charging recurring per-network fees, each period in its own ORM context. */
export const senderIdsServerModule: ServerModule = {
  name: 'sender-ids',
  bindings,
  routes: (container) => [
    ...senderIdRoutes(messagingOf(container)),
    ...adminSenderIdRoutes(messagingOf(container)),
  ],
  consolePages: (container) => senderIdPages(messagingOf(container)),
};
