import type { Money } from '@tuma/kernel';
import type { PaidTier, Product } from '../plans/products.ts';
import { monthKey } from './billing-period.ts';

/** One charge of a subscription: what it pays for, for how many days of the month, and its ledger texts. */
export interface SubscriptionCharge {
  /** The monthly USD amount charged for (a price, or an upgrade's difference of prices). */
  readonly monthlyUsd: Money;
  readonly days: number;
  readonly inMonth: number;
  readonly reason: string;
  /**
   * The wallet reference: one per subscription and month for a period, one per tier reached within
   * a month for an upgrade (tiers only rise within a period), so a retry charges nothing twice.
   */
  readonly reference: string;
}

const title = (product: Product, tier: PaidTier) => `${product === 'mail' ? 'Mail' : 'Links'} ${tier}`;
const share = (days: number, inMonth: number) => (days === inMonth ? '' : `, ${days} of ${inMonth} days`);

/** The charge for a period of `tier` starting at `start` (the first one prorated to the month's end). */
export function periodCharge(subscriptionId: string, product: Product, tier: PaidTier, start: Date, priceUsd: Money, days: number, inMonth: number): SubscriptionCharge {
  return {
    monthlyUsd: priceUsd,
    days,
    inMonth,
    reason: `${title(product, tier)} plan, ${monthKey(start)}${share(days, inMonth)} (USD ${priceUsd.toFixed(2)} a month)`,
    reference: `subscription:${subscriptionId}:${monthKey(start)}`,
  };
}

/** The charge of an upgrade at `at`: the difference of the monthly prices for the days left. */
export function upgradeCharge(subscriptionId: string, product: Product, from: PaidTier, to: PaidTier, at: Date, differenceUsd: Money, days: number, inMonth: number): SubscriptionCharge {
  return {
    monthlyUsd: differenceUsd,
    days,
    inMonth,
    reason: `${title(product, from)} to ${to}, ${monthKey(at)}${share(days, inMonth)} (USD ${differenceUsd.toFixed(2)} a month more)`,
    reference: `subscription:${subscriptionId}:${monthKey(at)}:upgrade:${to}`,
  };
}
