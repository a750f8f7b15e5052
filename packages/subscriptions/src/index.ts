export { isPaid, parseProduct, parseTier, PRODUCTS, TIERS, tierRank, type PaidTier, type Product, type Tier } from './domain/plans/products.ts';
export { UNLIMITED, type CountedLimit, type LimitsOf, type LinksLimits, type MailLimits, type Plan } from './domain/plans/plan.ts';
export { allPlans, planOf } from './domain/plans/plan-catalogue.ts';
export { planLimitReached, withinPlan, type PlanLimitReachedError } from './domain/plans/plan-limit-errors.ts';
export { daysLeftInMonth, monthKey, monthStart, nextMonthStart, periodFrom, type BillingPeriod } from './domain/subscriptions/billing-period.ts';
export { prorate } from './domain/subscriptions/proration.ts';
export { periodCharge, upgradeCharge, type SubscriptionCharge } from './domain/subscriptions/subscription-charge.ts';
export { alreadySubscribed, subscriptionEnded, type AlreadySubscribedError, type SubscriptionEndedError } from './domain/subscriptions/subscription-errors.ts';
export {
  END_REASONS,
  Subscription,
  SUBSCRIPTION_STATUSES,
  type EndReason,
  type Renewal,
  type SubscriptionSnapshot,
  type SubscriptionStatus,
  type TierChange,
} from './domain/subscriptions/subscription.aggregate.ts';
export type { SubscriptionRepository } from './application/subscriptions/subscription.repository.port.ts';
export { freeView, subscriptionView, type EndedSubscription, type SubscriptionView } from './application/subscriptions/subscription-view.ts';
export type { SubscriptionChanged } from './application/subscriptions/subscription-changed.ts';
export { SubscriptionBilling, type ChargeError } from './application/subscriptions/subscription-billing.ts';
export { SubscriptionRenewal, type RenewalOutcome } from './application/subscriptions/subscription-renewal.ts';
export { ListPlans } from './application/plans/list-plans.use-case.ts';
export { CurrentLimits } from './application/plans/current-limits.use-case.ts';
export { ListSubscriptions } from './application/subscriptions/list-subscriptions.use-case.ts';
export { Subscribe, type SubscribeError, type SubscribeInput } from './application/subscriptions/subscribe.use-case.ts';
export { ChangeTier, type ChangeTierError, type ChangeTierInput } from './application/subscriptions/change-tier.use-case.ts';
export { CancelSubscription } from './application/subscriptions/cancel-subscription.use-case.ts';
export { RENEW_SUBSCRIPTIONS_JOB, RenewDueSubscriptions, type RenewalCounts } from './application/subscriptions/renew-due-subscriptions.ts';
export { createSubscriptions, subscriptionJobRoutes, type SubscriptionsPorts, type SubscriptionsService } from './create-subscriptions.ts';
export { SUBSCRIPTIONS_TOKENS } from './tokens.ts';
