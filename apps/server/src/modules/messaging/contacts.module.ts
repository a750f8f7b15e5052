import { contactListRoutes, contactPages } from '@tuma/koa-adapter';
import { MESSAGING_TOKENS } from '@tuma/messaging';
import { MikroOrmContactListRepository } from '@tuma/mikro-orm-adapter';
import { bindClass } from '../../bind-class.ts';
import { ContainerModule } from 'inversify';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';
import { messagingOf } from './sms-core.module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const M = MESSAGING_TOKENS;
  bindClass(bind, M.contactListRepository, MikroOrmContactListRepository, [SERVER_TOKENS.database]);
});

/** Each account's saved contact lists; the bulk send reads them through the same repository (`ContactSource`). */
export const contactsServerModule: ServerModule = {
  name: 'contacts',
  bindings,
  routes: (container) =>
    contactListRoutes(messagingOf(container)),
  consolePages: (container) => contactPages(messagingOf(container)),
};
