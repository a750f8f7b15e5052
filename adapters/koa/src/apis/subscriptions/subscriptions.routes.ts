import type { SubscriptionsService } from '@tuma/subscriptions';
import { PRODUCTS, TIERS } from '@tuma/subscriptions';
import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { subscriptionChangedSchema, subscriptionChangedView, subscriptionSchema, subscriptionView } from './subscription-views.ts';

export type SubscriptionUseCases = Pick<SubscriptionsService, 'listSubscriptions' | 'subscribe' | 'changeTier' | 'cancelSubscription'>;

const TAG = 'Subscriptions';
/** Paying from the wallet is the account's owners' and admins' call; every member reads. */
const BILLING = { session: true, roles: ['owner', 'admin'] } as const;
const subscriptionParams = z.object({ id: z.string().min(1).max(64) });

const WALLET_SHORT = {
  description: 'insufficient_balance: the wallet cannot pay the charge (required, available and currency in the error and at the top of the body): top up first',
  errorCodes: ['insufficient_balance'],
  errorFields: { required: z.number(), available: z.number(), currency: z.string() },
};
const PRICING_UNAVAILABLE = { description: 'pricing_unavailable: no USD exchange rate into the wallet currency yet', errorCodes: ['pricing_unavailable'] };
const ENDED = { description: 'subscription_ended: it was canceled or went unpaid: subscribe again', errorCodes: ['subscription_ended'] };

/** The account's plans of mail and links, paid from its wallet (docs/subscriptions.md). */
export function subscriptionRoutes(useCases: SubscriptionUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/subscriptions',
      summary: "The account's subscription of each product: free (implied) where it pays for none",
      tag: TAG,
      access: { session: true },
      responses: { 200: { description: 'One per product', schema: z.object({ data: z.array(subscriptionSchema) }) } },
      handler: async ({ member }) => json(200, { data: unwrap(await useCases.listSubscriptions.execute(member.accountId)).map(subscriptionView) }),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/subscriptions',
      summary: 'Subscribe to a paid tier: the days left in the month are charged to the wallet at once, every later month at its start',
      tag: TAG,
      access: BILLING,
      body: z.object({ product: z.enum(PRODUCTS), tier: z.enum(TIERS).describe('A paid tier; free is what a cancel returns to') }),
      responses: {
        201: { description: 'Subscribed, and charged', schema: subscriptionChangedSchema },
        402: WALLET_SHORT,
        409: { description: 'already_subscribed: change the tier of the active subscription instead', errorCodes: ['already_subscribed'], errorFields: { product: z.string() } },
        503: PRICING_UNAVAILABLE,
      },
      handler: async ({ member, body }) => json(201, subscriptionChangedView(unwrap(await useCases.subscribe.execute({ accountId: member.accountId, ...body })))),
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/subscriptions/:id',
      summary: 'Change the tier: an upgrade applies at once (the difference charged for the days left), a downgrade at the period end; the current tier drops a waiting change',
      tag: TAG,
      access: BILLING,
      params: subscriptionParams,
      body: z.object({ tier: z.enum(TIERS) }),
      responses: {
        200: { description: 'Changed', schema: subscriptionChangedSchema },
        402: WALLET_SHORT,
        404: { description: 'No such subscription of this account' },
        409: ENDED,
        503: PRICING_UNAVAILABLE,
      },
      handler: async ({ member, params, body }) =>
        json(200, subscriptionChangedView(unwrap(await useCases.changeTier.execute({ accountId: member.accountId, subscriptionId: params.id, tier: body.tier })))),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/subscriptions/:id/cancel',
      summary: 'Cancel: the paid tier lasts to the period end, then the account is on free (nothing refunded)',
      tag: TAG,
      access: BILLING,
      params: subscriptionParams,
      responses: { 200: { description: 'Canceled at the period end', schema: subscriptionChangedSchema }, 404: { description: 'No such subscription of this account' }, 409: ENDED },
      handler: async ({ member, params }) =>
        json(200, subscriptionChangedView(unwrap(await useCases.cancelSubscription.execute({ accountId: member.accountId, subscriptionId: params.id })))),
    }),
  ];
}
