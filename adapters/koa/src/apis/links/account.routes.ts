import type { LinksService } from '@tuma/links';
import { TIERS, type CurrentLimits } from '@tuma/subscriptions';
import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { LINKS_READ } from './access.ts';
import { linksPlanSchema, toLinksPlanView } from '../subscriptions/plan-views.ts';

export interface LinksAccountUseCases {
  readonly getLinksUsage: LinksService['getLinksUsage'];
  /** The account service's plan in force (its links subscription, else free). */
  readonly currentLimits: Pick<CurrentLimits, 'execute'>;
}

const accountSchema = z.object({
  user_id: z.string().nullable().describe('The signed-in user (dashboard token); null for a key, which acts for the account'),
  email: z.string().describe("The account's email"),
  tier: z.enum(TIERS),
  is_admin: z.boolean(),
  plan: linksPlanSchema,
  usage: z.object({ links_this_month: z.number().int(), qr_this_month: z.number().int() }).describe('Live links and QR codes made this calendar month (UTC); test ones never count'),
});

/** `GET {links_url}/v1/account` (docs/links.md, "Account"): the plan in force and this month's usage. */
export function linksAccountRoutes(useCases: LinksAccountUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/account',
      summary: "The account's links plan (-1: unlimited) and its usage this calendar month (UTC)",
      tag: 'Links account',
      access: LINKS_READ,
      responses: { 200: { description: 'The account', schema: accountSchema } },
      handler: async ({ caller }) => {
        const account = caller.account;
        const plan = unwrap(await useCases.currentLimits.execute(account.id, 'links'));
        const usage = unwrap(await useCases.getLinksUsage.execute(account.id));
        return json(200, {
          user_id: caller.member?.userId ?? null,
          email: account.email,
          tier: plan.tier,
          is_admin: account.isAdmin,
          plan: toLinksPlanView(plan),
          usage: { links_this_month: usage.linksThisMonth, qr_this_month: usage.qrThisMonth },
        });
      },
    }),
  ];
}
