import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { linksKeyRoutes } from '@tuma/koa-adapter';
import { ContainerModule } from 'inversify';
import { resolve } from '../resolve.ts';
import type { ServerModule } from './server-module.ts';

const bindings = new ContainerModule(() => {});

/** The links API (docs/links.md): its own Koa app at `/links` (or LINKS_PORT), its keys. */
export const linksServerModule: ServerModule = {
  name: 'links',
  api: 'links',
  bindings,
  // svc_l_ keys only: an SMS or mail key is as unknown here as a wrong one.
  authenticator: (container) => {
    const authenticate = resolve(container, ACCOUNTS_TOKENS.accounts).authenticateLinksKey;
    return (token) => authenticate.execute(token);
  },
  routes: (container) => [...linksKeyRoutes(resolve(container, ACCOUNTS_TOKENS.accounts))],
};
