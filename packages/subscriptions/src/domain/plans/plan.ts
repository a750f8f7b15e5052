import type { Money } from '@tuma/kernel';
import type { Product, Tier } from './products.ts';

/** A limit's value meaning "no cap" (the spec's -1). */
export const UNLIMITED = -1;

/** What a mail plan allows (docs/subscriptions.md, "Mail"). Counts reset at the start of each calendar month UTC. */
export interface MailLimits {
  readonly monthlyEmails: number;
  /** Emails per UTC day; UNLIMITED on paid tiers, which only have the monthly quota. */
  readonly dailyEmails: number;
  readonly maxDomains: number;
  readonly maxTeam: number;
  /** How long sent emails' logs and events are kept. */
  readonly logRetentionDays: number;
}

/** What a links plan allows: the spec's Links account `plan` fields (docs/subscriptions.md, "Links"). */
export interface LinksLimits {
  readonly monthlyLinks: number;
  readonly monthlyQr: number;
  readonly apiMonthly: number;
  readonly maxDomains: number;
  readonly maxTeam: number;
  readonly analyticsDays: number;
  readonly hasBrandedDomains: boolean;
  readonly hasCountryDeviceAnalytics: boolean;
  readonly hasWebhooks: boolean;
  readonly hasSmsIntegration: boolean;
}

export interface LimitsOf {
  readonly mail: MailLimits;
  readonly links: LinksLimits;
}

/** The counted limits of a product (the flags are not counts). */
export type CountedLimit<P extends Product> = { [K in keyof LimitsOf[P]]: LimitsOf[P][K] extends number ? K : never }[keyof LimitsOf[P]];

/** One tier of one product: its monthly price in USD and its limits. */
export interface Plan<P extends Product = Product> {
  readonly product: P;
  readonly tier: Tier;
  /** Per calendar month; charged in the wallet currency at the day's rate. */
  readonly priceUsd: Money;
  readonly limits: LimitsOf[P];
}
