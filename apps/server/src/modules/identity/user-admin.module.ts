import { IDENTITY_TOKENS } from '@tuma/identity';
import { adminUserRoutes } from '@tuma/koa-adapter';
import { ContainerModule } from 'inversify';
import { resolve } from '../../resolve.ts';
import type { ServerModule } from '../server-module.ts';

/** The operator's user admin (search, disable, enable) on the SMS API, with the operator key as every admin route; identity's use cases. */
export const userAdminServerModule: ServerModule = {
  name: 'user-admin',
  bindings: new ContainerModule(() => {}),
  routes: (container) => adminUserRoutes(resolve(container, IDENTITY_TOKENS.identity)),
};
