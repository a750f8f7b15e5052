import { reportRoutes } from '@tuma/koa-adapter';
import { MESSAGING_TOKENS } from '@tuma/messaging';
import { MikroOrmMessageReports } from '@tuma/mikro-orm-adapter';
import { bindClass } from '../../bind-class.ts';
import { ContainerModule } from 'inversify';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';
import { messagingOf } from './sms-core.module.ts';

const M = MESSAGING_TOKENS;

const bindings = new ContainerModule(({ bind }) => {
  bindClass(bind, M.messageReports, MikroOrmMessageReports, [SERVER_TOKENS.database]);
});

/**
 * Message stats, volume, route health, reports and breakdowns (docs/reports.md). Its routes are
 * mounted before the catalogue's and the messages' (modules/index.ts), so `/api/routes/health` and
 * `/api/messages/stats` are not taken for a route code or a message id.
 */
export const reportsServerModule: ServerModule = {
  name: 'reports',
  bindings,
  routes: (container) =>
    reportRoutes(messagingOf(container)),
};
