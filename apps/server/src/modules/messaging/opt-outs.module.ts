import { optOutPages, optOutRoutes } from '@tuma/koa-adapter';
import { MESSAGING_TOKENS } from '@tuma/messaging';
import { MikroOrmOptOutList } from '@tuma/mikro-orm-adapter';
import { bindClass } from '../../bind-class.ts';
import { ContainerModule } from 'inversify';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';
import { messagingOf } from './sms-core.module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const M = MESSAGING_TOKENS;
  bindClass(bind, M.optOutList, MikroOrmOptOutList, [SERVER_TOKENS.database]);
});

/** Each account's opt-out (STOP) list, which sends consult through `OptOutList`. */
export const optOutsServerModule: ServerModule = {
  name: 'opt-outs',
  bindings,
  routes: (container) =>
    optOutRoutes(messagingOf(container)),
  consolePages: (container) => optOutPages(messagingOf(container)),
};
