import type { ExamplesByOperation } from '../../http/operation-examples.ts';
import { ledgerEntry } from '../billing/examples.ts';

/** The plans of mail and links, and Duka Online's subscriptions paid from its KES wallet (USD prices at 129.25 KES). */
export const MAIL_STARTER = { tier: 'starter', price_usd: 20, monthly_emails: 50000, daily_emails: -1, max_domains: 10, max_team: 5, log_retention_days: 3 };
const MAIL_BUSINESS = { tier: 'business', price_usd: 90, monthly_emails: 100000, daily_emails: -1, max_domains: 1000, max_team: 15, log_retention_days: 7 };
const mailPlans = [
  { tier: 'free', price_usd: 0, monthly_emails: 3000, daily_emails: 100, max_domains: 1, max_team: 1, log_retention_days: 1 },
  MAIL_STARTER,
  MAIL_BUSINESS,
  { tier: 'professional', price_usd: 350, monthly_emails: 500000, daily_emails: -1, max_domains: 1000, max_team: 40, log_retention_days: 7 },
  { tier: 'enterprise', price_usd: 650, monthly_emails: 1000000, daily_emails: -1, max_domains: -1, max_team: -1, log_retention_days: 30 },
];
const linksFeatures = { has_branded_domains: true, has_country_device_analytics: true, has_webhooks: true, has_sms_integration: true };
export const LINKS_BUSINESS = { tier: 'business', price_usd: 59, monthly_links: 5000, monthly_qr: 5000, api_monthly: 100000, max_domains: 40, max_team: 15, analytics_days: 1095, ...linksFeatures };
const linksPlans = [
  { tier: 'free', price_usd: 0, monthly_links: 25, monthly_qr: 25, api_monthly: 1000, max_domains: 0, max_team: 1, analytics_days: 30, has_branded_domains: false, has_country_device_analytics: false, has_webhooks: false, has_sms_integration: false },
  { tier: 'starter', price_usd: 24, monthly_links: 1000, monthly_qr: 1000, api_monthly: 25000, max_domains: 10, max_team: 5, analytics_days: 365, ...linksFeatures, has_webhooks: false },
  LINKS_BUSINESS,
  { tier: 'professional', price_usd: 119, monthly_links: 15000, monthly_qr: 15000, api_monthly: 500000, max_domains: 100, max_team: 40, analytics_days: 1095, ...linksFeatures },
  { tier: 'enterprise', price_usd: 499, monthly_links: 100000, monthly_qr: 100000, api_monthly: -1, max_domains: 500, max_team: 250, analytics_days: -1, ...linksFeatures },
];

const SUBSCRIPTION_ID = 'sub_01KGCAA780TX4J694ZVX41R9AM';
const LINKS_SUBSCRIPTION_ID = 'sub_01KKBM5E7P2B1H3BD58XXC33SM';
const mail = {
  id: SUBSCRIPTION_ID,
  product: 'mail',
  tier: 'starter',
  status: 'active',
  current_period_start: '2026-03-01T00:00:00.000Z',
  current_period_end: '2026-04-01T00:00:00.000Z',
  cancel_at_period_end: false,
  pending_tier: null,
  plan: MAIL_STARTER,
  last_ended: null,
};
const links = { ...mail, id: LINKS_SUBSCRIPTION_ID, product: 'links', tier: 'business', current_period_start: '2026-03-10T10:20:00.118Z', plan: LINKS_BUSINESS };
/** A subscription's fee: the prorated month, or an upgrade for the days left. */
const fee = (id: string, amount: number, balanceAfter: number, reason: string, subscription: string, period: string, at: string) =>
  ledgerEntry({ id, kind: 'fee', amount, balanceAfter, reason, reference: `subscription:${subscription}:${period}`, related: { type: 'subscription', id: subscription }, at });

export const SUBSCRIPTION_EXAMPLES = {
  listPlans: { response: { mail: mailPlans, links: linksPlans } },
  listSubscriptions: { response: { data: [mail, links] } },
  subscribe: {
    request: { product: 'links', tier: 'business' },
    response: {
      subscription: links,
      charge: fee('txn_01KKBM5E7RB9Q60TXGJK2JBW0X', -5411.822581, 42795.377419, 'Links business plan, 2026-03, 22 of 31 days (USD 59.00 a month)', LINKS_SUBSCRIPTION_ID, '2026-03', '2026-03-10T10:20:00.120Z'),
    },
  },
  changeSubscriptionTier: {
    request: { tier: 'business' },
    response: {
      subscription: { ...mail, tier: 'business', plan: MAIL_BUSINESS },
      charge: fee('txn_01KKBN0M159PBQT8S90MV4E4AE', -6420.806452, 36374.570967, 'Mail starter to business, 2026-03, 22 of 31 days (USD 70.00 a month more)', SUBSCRIPTION_ID, '2026-03:upgrade:business', '2026-03-10T10:34:50.789Z'),
    },
  },
  cancelSubscription: { response: { subscription: { ...mail, cancel_at_period_end: true }, charge: null } },
} satisfies ExamplesByOperation;
