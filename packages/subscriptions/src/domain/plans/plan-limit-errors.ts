import { err, ok, type DomainError, type Result } from '@tuma/kernel';
import { UNLIMITED, type CountedLimit, type Plan } from './plan.ts';
import type { Product, Tier } from './products.ts';

/**
 * An action would take the account past its plan's cap (402 `plan_limit_reached`): the shape every
 * product answers with (identity's team cap has the same `limit` and `resource` fields).
 */
export interface PlanLimitReachedError extends DomainError {
  readonly type: 'plan_limit_reached';
  readonly product: Product;
  readonly tier: Tier;
  /** The limit's name, as the plan names it (`monthlyLinks`, `maxTeam`, ...). */
  readonly resource: string;
  /** What the plan allows. */
  readonly limit: number;
}

export const planLimitReached = (plan: Plan, resource: string, limit: number): PlanLimitReachedError => ({
  type: 'plan_limit_reached',
  product: plan.product,
  tier: plan.tier,
  resource,
  limit,
  message: `The ${plan.product} ${plan.tier} plan allows ${limit} ${resource}: upgrade the plan`,
});

/** Whether an action that brings a counted resource to `wanted` stays within the plan (UNLIMITED: always). */
export function withinPlan<P extends Product>(plan: Plan<P>, resource: CountedLimit<P>, wanted: number): Result<void, PlanLimitReachedError> {
  const limit = plan.limits[resource] as number;
  return limit === UNLIMITED || wanted <= limit ? ok(undefined) : err(planLimitReached(plan, String(resource), limit));
}
