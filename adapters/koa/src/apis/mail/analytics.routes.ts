import { COUNTED_EVENTS, DEFAULT_ANALYTICS_DAYS, MAX_ANALYTICS_DAYS, MIN_ANALYTICS_DAYS, type CountsWithRates, type MailService } from '@tuma/mail';
import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { MAIL_READ } from './access.ts';

export type MailAnalyticsUseCases = Pick<MailService, 'getAnalytics'>;

const RATES = {
  delivery_rate: z.number().describe('delivered / sent'),
  bounce_rate: z.number().describe('bounced / sent'),
  complaint_rate: z.number().describe('complained / delivered'),
  open_rate: z.number().describe('opened / delivered'),
  click_rate: z.number().describe('clicked / delivered'),
  failure_rate: z.number().describe('failed / (sent + failed)'),
};
const statsSchema = z.object({ ...Object.fromEntries(COUNTED_EVENTS.map((type) => [type, z.number().int()])), ...RATES });
const analyticsSchema = z.object({
  days: z.number().int(),
  from: z.string().describe('The first day (UTC), YYYY-MM-DD'),
  to: z.string().describe('The last day (UTC, today), YYYY-MM-DD'),
  totals: statsSchema,
  daily: z.array(statsSchema.extend({ date: z.string() })).describe('Every day of the window, oldest first (zeros where nothing happened)'),
});

const statsView = ({ counts, rates }: CountsWithRates) => ({
  ...counts,
  delivery_rate: rates.deliveryRate,
  bounce_rate: rates.bounceRate,
  complaint_rate: rates.complaintRate,
  open_rate: rates.openRate,
  click_rate: rates.clickRate,
  failure_rate: rates.failureRate,
});

/** `/v1/analytics`: the account's sending over the last days (docs/mail.md, "Analytics"). */
export function mailAnalyticsRoutes(useCases: MailAnalyticsUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/analytics',
      summary: 'Totals and a daily timeline of sent, delivered, bounced, complained, opened, clicked and failed, with rates',
      tag: 'Analytics',
      access: MAIL_READ,
      query: z.object({
        days: z.coerce.number().int().min(MIN_ANALYTICS_DAYS).max(MAX_ANALYTICS_DAYS).default(DEFAULT_ANALYTICS_DAYS).describe('The last days (UTC), today included'),
      }),
      responses: { 200: { description: 'The counts (each recipient once per event) and rates (shares, 4 decimals)', schema: analyticsSchema } },
      handler: async ({ caller, query }) => {
        const report = unwrap(await useCases.getAnalytics.execute({ accountId: caller.account.id, days: query.days }));
        return json(200, { days: query.days, from: report.from, to: report.to, totals: statsView(report.totals), daily: report.daily.map((day) => ({ date: day.day, ...statsView(day) })) });
      },
    }),
  ];
}
