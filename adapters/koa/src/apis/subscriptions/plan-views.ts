import { TIERS, type Plan } from '@tuma/subscriptions';
import { z } from 'zod';

/*
 * The API's plan shapes: a links plan is the spec's Links account `plan` (tier, price_usd and the
 * limits by the spec's names, -1 unlimited); a mail plan has the same form with mail's limits.
 * Prices are USD numbers with two decimals.
 */

const count = () => z.number().int().describe('-1: unlimited');
const tierSchema = z.enum(TIERS);

export const mailPlanSchema = z.object({
  tier: tierSchema,
  price_usd: z.number().describe('Per calendar month (UTC)'),
  monthly_emails: count(),
  daily_emails: count(),
  max_domains: count(),
  max_team: count(),
  log_retention_days: count(),
});

export const linksPlanSchema = z.object({
  tier: tierSchema,
  price_usd: z.number().describe('Per calendar month (UTC)'),
  monthly_links: count(),
  monthly_qr: count(),
  api_monthly: count(),
  max_domains: count(),
  max_team: count(),
  analytics_days: count(),
  has_branded_domains: z.boolean(),
  has_country_device_analytics: z.boolean(),
  has_webhooks: z.boolean(),
  has_sms_integration: z.boolean(),
});

export const plansSchema = z.object({ mail: z.array(mailPlanSchema), links: z.array(linksPlanSchema) });

export type MailPlanView = z.infer<typeof mailPlanSchema>;
export type LinksPlanView = z.infer<typeof linksPlanSchema>;

const head = (plan: Plan) => ({ tier: plan.tier, price_usd: plan.priceUsd.toNumber(2) });

export function toMailPlanView(plan: Plan<'mail'>): MailPlanView {
  const l = plan.limits;
  return { ...head(plan), monthly_emails: l.monthlyEmails, daily_emails: l.dailyEmails, max_domains: l.maxDomains, max_team: l.maxTeam, log_retention_days: l.logRetentionDays };
}

export function toLinksPlanView(plan: Plan<'links'>): LinksPlanView {
  const l = plan.limits;
  return {
    ...head(plan),
    monthly_links: l.monthlyLinks,
    monthly_qr: l.monthlyQr,
    api_monthly: l.apiMonthly,
    max_domains: l.maxDomains,
    max_team: l.maxTeam,
    analytics_days: l.analyticsDays,
    has_branded_domains: l.hasBrandedDomains,
    has_country_device_analytics: l.hasCountryDeviceAnalytics,
    has_webhooks: l.hasWebhooks,
    has_sms_integration: l.hasSmsIntegration,
  };
}

/** `GET /v1/plans`: every plan, product by product, cheapest tier first. */
export function toPlansView(plans: readonly Plan[]): z.infer<typeof plansSchema> {
  return {
    mail: plans.filter((p): p is Plan<'mail'> => p.product === 'mail').map(toMailPlanView),
    links: plans.filter((p): p is Plan<'links'> => p.product === 'links').map(toLinksPlanView),
  };
}
