import { currency, Money, MICROS_PER_UNIT } from '@tuma/kernel';
import { UNLIMITED as U, type LimitsOf, type Plan } from './plan.ts';
import { PRODUCTS, TIERS, type Product, type Tier } from './products.ts';

const USD = currency('USD');
const usd = (dollars: number): Money => Money.ofMicros(BigInt(dollars) * MICROS_PER_UNIT, USD);

interface LinksFeatures {
  readonly branded: boolean;
  readonly countryDevice: boolean;
  readonly webhooks: boolean;
  readonly sms: boolean;
}

const EVERY_FEATURE: LinksFeatures = { branded: true, countryDevice: true, webhooks: true, sms: true };

function links(monthlyLinks: number, apiMonthly: number, maxDomains: number, maxTeam: number, analyticsDays: number, f: LinksFeatures): LimitsOf['links'] {
  // A QR code per new link, as Dub makes one for every link.
  return {
    monthlyLinks,
    monthlyQr: monthlyLinks,
    apiMonthly,
    maxDomains,
    maxTeam,
    analyticsDays,
    hasBrandedDomains: f.branded,
    hasCountryDeviceAnalytics: f.countryDevice,
    hasWebhooks: f.webhooks,
    hasSmsIntegration: f.sms,
  };
}

type Catalogue = { readonly [P in Product]: { readonly [T in Tier]: { readonly priceUsd: Money; readonly limits: LimitsOf[P] } } };

/**
 * Every plan (docs/subscriptions.md has the table and where each value comes from): mail priced
 * on Resend's transactional plans, links on Dub's, both per calendar month.
 */
const CATALOGUE: Catalogue = {
  mail: {
    free: { priceUsd: usd(0), limits: { monthlyEmails: 3_000, dailyEmails: 100, maxDomains: 1, maxTeam: 1, logRetentionDays: 1 } },
    starter: { priceUsd: usd(20), limits: { monthlyEmails: 50_000, dailyEmails: U, maxDomains: 10, maxTeam: 5, logRetentionDays: 3 } },
    business: { priceUsd: usd(90), limits: { monthlyEmails: 100_000, dailyEmails: U, maxDomains: 1_000, maxTeam: 15, logRetentionDays: 7 } },
    professional: { priceUsd: usd(350), limits: { monthlyEmails: 500_000, dailyEmails: U, maxDomains: 1_000, maxTeam: 40, logRetentionDays: 7 } },
    enterprise: { priceUsd: usd(650), limits: { monthlyEmails: 1_000_000, dailyEmails: U, maxDomains: U, maxTeam: U, logRetentionDays: 30 } },
  },
  links: {
    free: { priceUsd: usd(0), limits: links(25, 1_000, 0, 1, 30, { branded: false, countryDevice: false, webhooks: false, sms: false }) },
    starter: { priceUsd: usd(24), limits: links(1_000, 25_000, 10, 5, 365, { ...EVERY_FEATURE, webhooks: false }) },
    business: { priceUsd: usd(59), limits: links(5_000, 100_000, 40, 15, 1_095, EVERY_FEATURE) },
    professional: { priceUsd: usd(119), limits: links(15_000, 500_000, 100, 40, 1_095, EVERY_FEATURE) },
    enterprise: { priceUsd: usd(499), limits: links(100_000, U, 500, 250, U, EVERY_FEATURE) },
  },
};

/** The plan of a product's tier. */
export function planOf<P extends Product>(product: P, tier: Tier): Plan<P> {
  const entry = CATALOGUE[product][tier] as Catalogue[P][Tier];
  return { product, tier, priceUsd: entry.priceUsd, limits: entry.limits };
}

/** Every plan, product by product, cheapest tier first. */
export const allPlans = (): readonly Plan[] => PRODUCTS.flatMap((product) => TIERS.map((tier) => planOf(product, tier)));
