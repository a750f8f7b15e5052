import type { Plan } from '../../domain/plans/plan.ts';
import { planOf } from '../../domain/plans/plan-catalogue.ts';
import type { PaidTier, Product, Tier } from '../../domain/plans/products.ts';
import { monthStart, nextMonthStart } from '../../domain/subscriptions/billing-period.ts';
import type { EndReason, SubscriptionSnapshot, SubscriptionStatus } from '../../domain/subscriptions/subscription.aggregate.ts';

/** The paid subscription that ended last, shown on the free plan that followed it (why the account is on free). */
export interface EndedSubscription {
  readonly id: string;
  readonly tier: PaidTier;
  readonly endedAt: Date;
  readonly endReason: EndReason;
}

/**
 * An account's subscription of a product as the API shows it. Free is implied, never stored: an
 * account without an active subscription of a product is on free (id null) for the calendar month.
 */
export interface SubscriptionView {
  readonly id: string | null;
  readonly product: Product;
  readonly tier: Tier;
  readonly status: SubscriptionStatus;
  readonly currentPeriodStart: Date;
  readonly currentPeriodEnd: Date;
  readonly cancelAtPeriodEnd: boolean;
  readonly pendingTier: PaidTier | null;
  readonly plan: Plan;
  /** On free only: the last paid subscription of the product, if one ended. */
  readonly lastEnded: EndedSubscription | null;
}

export const subscriptionView = (s: SubscriptionSnapshot): SubscriptionView => ({
  id: s.id,
  product: s.product,
  tier: s.tier,
  status: s.status,
  currentPeriodStart: s.currentPeriodStart,
  currentPeriodEnd: s.currentPeriodEnd,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  pendingTier: s.pendingTier,
  plan: planOf(s.product, s.tier),
  lastEnded: null,
});

export function freeView(product: Product, now: Date, ended: SubscriptionSnapshot | undefined): SubscriptionView {
  return {
    id: null,
    product,
    tier: 'free',
    status: 'active',
    currentPeriodStart: monthStart(now),
    currentPeriodEnd: nextMonthStart(now),
    cancelAtPeriodEnd: false,
    pendingTier: null,
    plan: planOf(product, 'free'),
    lastEnded: ended?.endedAt && ended.endReason ? { id: ended.id, tier: ended.tier, endedAt: ended.endedAt, endReason: ended.endReason } : null,
  };
}
