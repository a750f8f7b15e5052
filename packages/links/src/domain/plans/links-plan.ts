import type { DomainError } from '@tuma/kernel';

/** -1: no limit. */
export const UNLIMITED = -1;

/** What the links plan in force allows (the account service's plan; docs/links.md, "Plans"). */
export interface LinksPlanLimits {
  readonly tier: string;
  readonly monthlyLinks: number;
  readonly monthlyQr: number;
  readonly analyticsDays: number;
}

/** A monthly limit of the plan is used up (402): existing links keep redirecting, clicks are unlimited. */
export interface LinksPlanLimitReachedError extends DomainError {
  readonly type: 'plan_limit_reached';
  readonly product: 'links';
  readonly tier: string;
  /** The limit's name, as the plan names it (`monthlyLinks`, `monthlyQr`). */
  readonly resource: string;
  readonly limit: number;
}

/** Something the plan does not include (403), e.g. an analytics window longer than `analyticsDays`. */
export interface PlanFeatureUnavailableError extends DomainError {
  readonly type: 'plan_feature_unavailable';
  readonly tier: string;
  readonly feature: string;
}

/** Whether one more may be made this month, with `used` made already; the error when not. */
export function monthlyAllowance(plan: LinksPlanLimits, resource: 'monthlyLinks' | 'monthlyQr', used: number): LinksPlanLimitReachedError | undefined {
  const limit = plan[resource];
  if (limit === UNLIMITED || used < limit) return undefined;
  const what = resource === 'monthlyLinks' ? 'links' : 'QR codes';
  return { type: 'plan_limit_reached', product: 'links', tier: plan.tier, resource, limit, message: `The links ${plan.tier} plan allows ${limit} ${what} a calendar month (UTC): upgrade the plan` };
}

/** An analytics window the plan covers, or why not. */
export function analyticsAllowed(plan: LinksPlanLimits, days: number): PlanFeatureUnavailableError | undefined {
  if (plan.analyticsDays === UNLIMITED || days <= plan.analyticsDays) return undefined;
  return { type: 'plan_feature_unavailable', tier: plan.tier, feature: 'analyticsDays', message: `The links ${plan.tier} plan shows analytics of the last ${plan.analyticsDays} days at most: upgrade the plan` };
}
