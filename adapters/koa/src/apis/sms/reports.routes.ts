import {
  BREAKDOWN_DEFAULT_CAMPAIGNS,
  BREAKDOWN_MAX_CAMPAIGNS,
  VOLUME_DEFAULT_DAYS,
  VOLUME_MAX_DAYS,
  type GetMessageStats,
  type GetMessageVolume,
  type GetReport,
  type GetReportBreakdown,
  type GetRouteHealth,
  type ReportScope,
} from '@tuma/messaging';
import { z } from 'zod';
import { dateFrom, dateTo } from '../../http/date-window.ts';
import { alsoUnderV1, defineRoute, json, type Caller, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { breakdownSchema, breakdownView, reportSchema, reportView, routeHealthSchema, routeHealthView, statsSchema, statsView, volumeSchema, volumeView } from './report-views.ts';

export interface ReportUseCases {
  readonly getMessageStats: GetMessageStats;
  readonly getMessageVolume: GetMessageVolume;
  readonly getRouteHealth: GetRouteHealth;
  readonly getReport: GetReport;
  readonly getReportBreakdown: GetReportBreakdown;
}

/** A key, or a signed-in member of any role (the dashboard's charts). */
const READ = { anyScope: ['query', 'send'], session: true } as const;
const TAG = 'Reports';
const windowQuery = {
  date_from: dateFrom
    .optional()
    .describe('Included; a date means its start (00:00 UTC). Default: 30 days before date_to'),
  date_to: dateTo
    .optional()
    .describe('Excluded; a date means its end (the whole day is in). Default: now'),
  environment: z.enum(['live', 'test']).optional().describe('Live keys: `live` (default) or `test`; test keys always see test messages'),
};

/** Test keys see test messages only, whatever they ask for (like GET /api/messages); live keys and members choose, `live` by default. */
const scopeOf = (caller: Caller, environment: 'live' | 'test' | undefined): ReportScope => ({
  accountId: caller.account.id,
  environment: caller.environment === 'test' ? 'test' : (environment ?? 'live'),
  currency: caller.account.walletCurrency,
});

const BAD_QUERY = { 422: { description: 'A bad query parameter, reversed dates, or a window over 366 days' } };

/** Message stats, daily volume, route health, reports and spend breakdowns, under /api and /v1. docs/reports.md. */
export function reportRoutes(useCases: ReportUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/messages/stats',
      aliases: alsoUnderV1('/api/messages/stats'),
      summary: 'Counts per status, delivery rate and spend of the messages of a window (default: the last 30 days)',
      tag: TAG,
      access: READ,
      query: z.object(windowQuery),
      responses: { 200: { description: 'The stats', schema: statsSchema }, ...BAD_QUERY },
      handler: async ({ query, caller }) => {
        const scope = scopeOf(caller, query.environment);
        const stats = await useCases.getMessageStats.execute({ scope, from: query.date_from, to: query.date_to });
        return json(200, statsView(scope, unwrap(stats)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/messages/volume',
      aliases: alsoUnderV1('/api/messages/volume'),
      summary: 'Delivered, failed and pending messages per UTC day of the last `days` days, days without messages included',
      tag: TAG,
      access: READ,
      query: z.object({
        days: z.coerce.number().int().min(1).max(VOLUME_MAX_DAYS).default(VOLUME_DEFAULT_DAYS).describe(`1-${VOLUME_MAX_DAYS} whole UTC days, today included`),
        environment: windowQuery.environment,
      }),
      responses: { 200: { description: 'One entry per day, oldest first', schema: volumeSchema }, 422: { description: '`days` is not a whole number from 1 to 90' } },
      handler: async ({ query, caller }) => {
        const scope = scopeOf(caller, query.environment);
        const volume = await useCases.getMessageVolume.execute({ scope, days: query.days });
        return json(200, volumeView(scope, unwrap(volume)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/routes/health',
      aliases: alsoUnderV1('/api/routes/health'),
      summary: "Delivery rate per route over the last 60 minutes: the account's messages and the platform's",
      tag: TAG,
      access: READ,
      query: z.object({ environment: windowQuery.environment }),
      responses: { 200: { description: 'Routes with submissions in the last 60 minutes, by code', schema: routeHealthSchema } },
      handler: async ({ query, caller }) => {
        const scope = scopeOf(caller, query.environment);
        return json(200, routeHealthView(scope, unwrap(await useCases.getRouteHealth.execute(scope))));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/reports',
      aliases: alsoUnderV1('/api/reports'),
      summary: 'Totals, counts per status and per country, and daily cost and delivery series of a window (default: the last 30 days)',
      tag: TAG,
      access: READ,
      query: z.object(windowQuery),
      responses: { 200: { description: 'The report', schema: reportSchema }, ...BAD_QUERY },
      handler: async ({ query, caller }) => {
        const scope = scopeOf(caller, query.environment);
        const report = await useCases.getReport.execute({ scope, from: query.date_from, to: query.date_to });
        return json(200, reportView(scope, unwrap(report)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/reports/breakdown',
      aliases: alsoUnderV1('/api/reports/breakdown'),
      summary: 'Spend per bulk send (single messages as one row) and per API key over a window (default: the last 30 days)',
      tag: TAG,
      access: READ,
      query: z.object({
        ...windowQuery,
        limit: z.coerce.number().int().min(1).max(BREAKDOWN_MAX_CAMPAIGNS).default(BREAKDOWN_DEFAULT_CAMPAIGNS).describe('Campaign rows, most spent first'),
      }),
      responses: { 200: { description: 'The breakdown', schema: breakdownSchema }, ...BAD_QUERY },
      handler: async ({ query, caller }) => {
        const scope = scopeOf(caller, query.environment);
        const breakdown = await useCases.getReportBreakdown.execute({ scope, from: query.date_from, to: query.date_to, limit: query.limit });
        return json(200, breakdownView(scope, unwrap(breakdown), query.limit));
      },
    }),
  ];
}
