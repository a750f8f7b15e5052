import type { DomainError } from '@tuma/kernel';

/** -1: no limit. */
export const UNLIMITED = -1;

/** What the links plan in force allows (the account service's plan; docs/links.md, "Plans"). */
export interface LinksPlanLimits {
  readonly tier: string;
  readonly monthlyLinks: number;
  readonly monthlyQr: number;
  /** Requests with a live links key a calendar month (UTC). */
  readonly apiMonthly: number;
  /** Branded domains the account may hold (pending ones too). */
  readonly maxDomains: number;
  readonly analyticsDays: number;
  readonly hasBrandedDomains: boolean;
  /** Analytics break clicks down by country, device and browser (else those maps are empty). */
  readonly hasCountryDeviceAnalytics: boolean;
  readonly hasWebhooks: boolean;
  /** `POST /links` may send the short link by SMS. */
  readonly hasSmsIntegration: boolean;
}

/** A feature flag of the plan, by its name in the plan (the 403's `feature`). */
export type LinksFeature = 'hasBrandedDomains' | 'hasCountryDeviceAnalytics' | 'hasWebhooks' | 'hasSmsIntegration';

const FEATURE_NAMES: Record<LinksFeature, string> = {
  hasBrandedDomains: 'branded domains',
  hasCountryDeviceAnalytics: 'country and device analytics',
  hasWebhooks: 'webhooks',
  hasSmsIntegration: 'the SMS integration',
};

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

/** The plan's counted limits: three a calendar month (UTC), the domains held at any time. */
export type CountedResource = 'monthlyLinks' | 'monthlyQr' | 'apiMonthly' | 'maxDomains';

const COUNTED: Record<CountedResource, (limit: number) => string> = {
  monthlyLinks: (limit) => `${limit} links a calendar month (UTC)`,
  monthlyQr: (limit) => `${limit} QR codes a calendar month (UTC)`,
  apiMonthly: (limit) => `${limit} API requests a calendar month (UTC)`,
  maxDomains: (limit) => `${limit} branded domains`,
};

/** Whether one more may be made (or requested), with `used` already; the error when not. */
export function monthlyAllowance(plan: LinksPlanLimits, resource: CountedResource, used: number): LinksPlanLimitReachedError | undefined {
  const limit = plan[resource];
  if (limit === UNLIMITED || used < limit) return undefined;
  return { type: 'plan_limit_reached', product: 'links', tier: plan.tier, resource, limit, message: `The links ${plan.tier} plan allows ${COUNTED[resource](limit)}: upgrade the plan` };
}

/** Whether the plan has the feature; the 403 when not. */
export function featureAllowed(plan: LinksPlanLimits, feature: LinksFeature): PlanFeatureUnavailableError | undefined {
  if (plan[feature]) return undefined;
  return { type: 'plan_feature_unavailable', tier: plan.tier, feature, message: `The links ${plan.tier} plan does not include ${FEATURE_NAMES[feature]}: upgrade the plan` };
}

/** An analytics window the plan covers, or why not. */
export function analyticsAllowed(plan: LinksPlanLimits, days: number): PlanFeatureUnavailableError | undefined {
  if (plan.analyticsDays === UNLIMITED || days <= plan.analyticsDays) return undefined;
  return { type: 'plan_feature_unavailable', tier: plan.tier, feature: 'analyticsDays', message: `The links ${plan.tier} plan shows analytics of the last ${plan.analyticsDays} days at most: upgrade the plan` };
}
