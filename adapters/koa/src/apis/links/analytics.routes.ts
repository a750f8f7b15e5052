import { ANALYTICS_DAYS, type LinksService } from '@tuma/links';
import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { LINKS_READ } from './access.ts';

export type LinkAnalyticsUseCases = Pick<LinksService, 'getLinkAnalytics'>;

const counts = z.record(z.string(), z.number().int());

const analyticsSchema = z.object({
  link_id: z.string(),
  range_days: z.number().int(),
  totals: z.object({ clicks: z.number().int(), uniques: z.number().int() }),
  timeline: z.array(z.object({ day: z.string().describe('YYYY-MM-DD (UTC)'), clicks: z.number().int(), uniques: z.number().int() })).describe('Every day of the window, oldest first'),
  by_country: counts.describe('ISO 3166-1 alpha-2 code to clicks (unknown countries left out)'),
  by_device: counts.describe('mobile, desktop, tablet'),
  by_browser: counts.describe('Browser family'),
  by_referrer: counts.describe('Referring host; direct when none'),
});

/** `GET {links_url}/v1/analytics/{link_id}` (docs/links.md, "Analytics"): human clicks only, bots left out. */
export function linkAnalyticsRoutes(useCases: LinkAnalyticsUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/analytics/:link_id',
      summary: "A link's clicks over the last days (UTC), gap-filled",
      tag: 'Link analytics',
      access: LINKS_READ,
      params: z.object({ link_id: z.string().min(1).max(64) }),
      query: z.object({ days: z.coerce.number().int().min(ANALYTICS_DAYS.min).max(ANALYTICS_DAYS.max).default(ANALYTICS_DAYS.default) }),
      responses: {
        200: { description: 'The analytics', schema: analyticsSchema },
        403: { description: "plan_feature_unavailable: a window longer than the plan's analytics_days", errorCodes: ['plan_feature_unavailable', 'insufficient_scope'], errorFields: { tier: z.string(), feature: z.literal('analyticsDays') } },
        404: { description: 'No such link in the account', errorCodes: ['not_found'] },
      },
      handler: async ({ caller, params, query }) => {
        const input = { accountId: caller.account.id, environment: caller.environment, linkId: params.link_id, days: query.days };
        const a = unwrap(await useCases.getLinkAnalytics.execute(input));
        return json(200, {
          link_id: a.linkId,
          range_days: a.rangeDays,
          totals: a.totals,
          timeline: a.timeline,
          by_country: a.byCountry,
          by_device: a.byDevice,
          by_browser: a.byBrowser,
          by_referrer: a.byReferrer,
        });
      },
    }),
  ];
}
