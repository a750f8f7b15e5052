import type { LedgerEntry } from '@tuma/billing';
import { END_REASONS, PRODUCTS, SUBSCRIPTION_STATUSES, TIERS, type Plan, type SubscriptionChanged, type SubscriptionView } from '@tuma/subscriptions';
import { z } from 'zod';
import { transactionSchema, transactionView } from '../billing/balance-views.ts';
import { linksPlanSchema, mailPlanSchema, toLinksPlanView, toMailPlanView } from './plan-views.ts';

const paidTier = z.enum(TIERS.filter((tier) => tier !== 'free') as ['starter', 'business', 'professional', 'enterprise']);

export const subscriptionSchema = z.object({
  id: z.string().nullable().describe('sub_...; null on free, which is implied and never stored'),
  product: z.enum(PRODUCTS),
  tier: z.enum(TIERS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  current_period_start: z.string().describe('00:00 UTC: the subscribe, or the first of the month'),
  current_period_end: z.string().describe('00:00 UTC on the first of the next month'),
  cancel_at_period_end: z.boolean(),
  pending_tier: paidTier.nullable().describe('A downgrade waiting for the period end'),
  plan: z.union([mailPlanSchema, linksPlanSchema]).describe("The tier's plan: price and limits"),
  last_ended: z
    .object({ id: z.string(), tier: paidTier, ended_at: z.string(), end_reason: z.enum(END_REASONS) })
    .nullable()
    .describe('On free: the paid subscription that ended last, and why'),
});

export const subscriptionChangedSchema = z.object({
  subscription: subscriptionSchema,
  charge: transactionSchema.nullable().describe('The wallet fee it made: the prorated first period, or an upgrade for the days left; null for a downgrade or cancel'),
});

export const planView = (plan: Plan) => (plan.product === 'mail' ? toMailPlanView(plan as Plan<'mail'>) : toLinksPlanView(plan as Plan<'links'>));

export const subscriptionView = (s: SubscriptionView): z.infer<typeof subscriptionSchema> => ({
  id: s.id,
  product: s.product,
  tier: s.tier,
  status: s.status,
  current_period_start: s.currentPeriodStart.toISOString(),
  current_period_end: s.currentPeriodEnd.toISOString(),
  cancel_at_period_end: s.cancelAtPeriodEnd,
  pending_tier: s.pendingTier,
  plan: planView(s.plan),
  last_ended: s.lastEnded && { id: s.lastEnded.id, tier: s.lastEnded.tier, ended_at: s.lastEnded.endedAt.toISOString(), end_reason: s.lastEnded.endReason },
});

export const subscriptionChangedView = (changed: SubscriptionChanged): z.infer<typeof subscriptionChangedSchema> => ({
  subscription: subscriptionView(changed.subscription),
  charge: changed.charge && transactionView(changed.charge as LedgerEntry),
});
