import type { ListPlans } from '@tuma/subscriptions';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { plansSchema, toPlansView } from './plan-views.ts';

/** The account service's public plan list (docs/subscriptions.md). */
export function planRoutes(listPlans: ListPlans): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/plans',
      summary: 'Every plan of the mail and links products: tiers, monthly prices in USD and limits (public, cacheable for 5 minutes)',
      tag: 'Plans',
      access: { public: true },
      responses: { 200: { description: 'The plans, cheapest tier first', schema: plansSchema } },
      handler: async () => json(200, toPlansView(unwrap(await listPlans.execute())), { 'Cache-Control': 'public, max-age=300' }),
    }),
  ];
}
