import { KERNEL_TOKENS, type Clock } from '@tuma/kernel';
import { reportRoutes } from '@tuma/koa-adapter';
import { GetMessageStats, GetMessageVolume, GetReport, GetReportBreakdown, GetRouteHealth, MESSAGING_TOKENS, type MessageReports } from '@tuma/messaging';
import { MikroOrmMessageReports, type Database } from '@tuma/mikro-orm-adapter';
import { ContainerModule } from 'inversify';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

const M = MESSAGING_TOKENS;

const bindings = new ContainerModule(({ bind }) => {
  bind(M.messageReports).toResolvedValue((db: Database) => new MikroOrmMessageReports(db), [SERVER_TOKENS.database]);
  bind(M.getMessageStats).toResolvedValue((reports: MessageReports, clock: Clock) => new GetMessageStats(reports, clock), [M.messageReports, KERNEL_TOKENS.clock]);
  bind(M.getMessageVolume).toResolvedValue((reports: MessageReports, clock: Clock) => new GetMessageVolume(reports, clock), [M.messageReports, KERNEL_TOKENS.clock]);
  bind(M.getRouteHealth).toResolvedValue((reports: MessageReports, clock: Clock) => new GetRouteHealth(reports, clock), [M.messageReports, KERNEL_TOKENS.clock]);
  bind(M.getReport).toResolvedValue((reports: MessageReports, clock: Clock) => new GetReport(reports, clock), [M.messageReports, KERNEL_TOKENS.clock]);
  bind(M.getReportBreakdown).toResolvedValue((reports: MessageReports, clock: Clock) => new GetReportBreakdown(reports, clock), [M.messageReports, KERNEL_TOKENS.clock]);
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
    reportRoutes({
      getMessageStats: resolve(container, M.getMessageStats),
      getMessageVolume: resolve(container, M.getMessageVolume),
      getRouteHealth: resolve(container, M.getRouteHealth),
      getReport: resolve(container, M.getReport),
      getReportBreakdown: resolve(container, M.getReportBreakdown),
    }),
};
