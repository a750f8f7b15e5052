import { err, ok, type Result } from '@tuma/kernel';
import { isPaid, tierRank, type PaidTier, type Product, type Tier } from '../plans/products.ts';
import { daysLeftInMonth, periodFrom, type BillingPeriod } from './billing-period.ts';
import { subscriptionEnded, type SubscriptionEndedError } from './subscription-errors.ts';

export const SUBSCRIPTION_STATUSES = ['active', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Why a subscription ended: canceled by the account, or its renewal could not be paid. */
export const END_REASONS = ['canceled', 'payment_failed'] as const;
export type EndReason = (typeof END_REASONS)[number];

export interface SubscriptionSnapshot {
  /** `sub_...` */
  readonly id: string;
  readonly accountId: string;
  readonly product: Product;
  readonly tier: PaidTier;
  readonly status: SubscriptionStatus;
  readonly currentPeriodStart: Date;
  /** Exclusive: 00:00 UTC on the first of a month. */
  readonly currentPeriodEnd: Date;
  /** Falls back to free at the period's end. */
  readonly cancelAtPeriodEnd: boolean;
  /** A downgrade waiting for the period's end. */
  readonly pendingTier: PaidTier | null;
  /** When free took over (the end of the last period paid); null while active. */
  readonly endedAt: Date | null;
  readonly endReason: EndReason | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What a change of tier does now. An upgrade is charged for the days left, the current one included. */
export type TierChange =
  | { readonly kind: 'upgrade'; readonly from: PaidTier; readonly to: PaidTier; readonly days: number; readonly inMonth: number }
  | { readonly kind: 'downgrade'; readonly to: PaidTier; readonly at: Date }
  | { readonly kind: 'cancel'; readonly at: Date }
  | { readonly kind: 'unchanged' };

/** What the end of the current period asks for, as of a moment. */
export type Renewal =
  | { readonly kind: 'not_due' }
  | { readonly kind: 'end' }
  | { readonly kind: 'charge'; readonly tier: PaidTier; readonly period: BillingPeriod };

/**
 * A paid subscription of one product (docs/subscriptions.md, "Lifecycle"):
 *
 *   start (paid tier) --------------------> active, period: now to the month's end
 *   active --upgrade----------------------> active, the higher tier at once
 *   active --downgrade / cancel ----------> active, the lower tier / free waiting for the period's end
 *   active --same tier -------------------> active, a waiting downgrade or cancel dropped
 *   active --period ends, renewal paid ---> active, next calendar month (the waiting tier applied)
 *   active --period ends, canceled -------> canceled (free from the period's end)
 *   active --period ends, unpaid ---------> canceled, payment_failed (free from the period's end)
 *
 * Each period starts where the previous one ended, so periods never overlap or leave a gap.
 */
export class Subscription {
  private constructor(private state: SubscriptionSnapshot) {}

  static start(input: { readonly id: string; readonly accountId: string; readonly product: Product; readonly tier: PaidTier }, now: Date): Subscription {
    const period = periodFrom(now);
    return new Subscription({
      ...input,
      status: 'active',
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      cancelAtPeriodEnd: false,
      pendingTier: null,
      endedAt: null,
      endReason: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  static rehydrate(snapshot: SubscriptionSnapshot): Subscription {
    return new Subscription(snapshot);
  }

  get id(): string {
    return this.state.id;
  }

  /** The tier in force at `now`: past the period's end, what its renewal leads to (a renewal still to run grants the paid tier). */
  tierAt(now: Date): Tier {
    if (this.state.status !== 'active') return 'free';
    if (now.getTime() < this.state.currentPeriodEnd.getTime()) return this.state.tier;
    return this.state.cancelAtPeriodEnd ? 'free' : (this.state.pendingTier ?? this.state.tier);
  }

  /** Changes within the current period (a renewal that is due is settled first: `renewalAt`); `free` cancels at the period's end. */
  changeTier(target: Tier, now: Date): Result<TierChange, SubscriptionEndedError> {
    if (this.state.status !== 'active') return err(subscriptionEnded(this.state.id));
    if (this.renewalAt(now).kind !== 'not_due') throw new Error(`Subscription ${this.state.id} must be renewed before its tier changes`);
    const at = this.state.currentPeriodEnd;
    const { tier } = this.state;
    if (!isPaid(target)) {
      this.update({ cancelAtPeriodEnd: true, pendingTier: null }, now);
      return ok({ kind: 'cancel', at });
    }
    if (tierRank(target) > tierRank(tier)) {
      this.update({ tier: target, cancelAtPeriodEnd: false, pendingTier: null }, now);
      return ok({ kind: 'upgrade', from: tier, to: target, ...daysLeftInMonth(now) });
    }
    if (tierRank(target) < tierRank(tier)) {
      this.update({ cancelAtPeriodEnd: false, pendingTier: target }, now);
      return ok({ kind: 'downgrade', to: target, at });
    }
    this.update({ cancelAtPeriodEnd: false, pendingTier: null }, now);
    return ok({ kind: 'unchanged' });
  }

  /** What renewing now takes: nothing before the period's end; then the end, or a charge for the next month. */
  renewalAt(now: Date): Renewal {
    if (this.state.status !== 'active' || now.getTime() < this.state.currentPeriodEnd.getTime()) return { kind: 'not_due' };
    if (this.state.cancelAtPeriodEnd) return { kind: 'end' };
    return { kind: 'charge', tier: this.state.pendingTier ?? this.state.tier, period: periodFrom(this.state.currentPeriodEnd) };
  }

  /** The next period was paid: it starts where the last one ended, on the tier waiting (if any). */
  renewed(now: Date): void {
    const renewal = this.renewalAt(now);
    if (renewal.kind !== 'charge') throw new Error(`Subscription ${this.state.id} is not due for a paid renewal`);
    this.update({ tier: renewal.tier, pendingTier: null, currentPeriodStart: renewal.period.start, currentPeriodEnd: renewal.period.end }, now);
  }

  /** The period ended without a renewal: free from its end on. */
  end(reason: EndReason, now: Date): void {
    if (this.renewalAt(now).kind === 'not_due') throw new Error(`Subscription ${this.state.id} cannot end before its period does`);
    this.update({ status: 'canceled', endedAt: this.state.currentPeriodEnd, endReason: reason }, now);
  }

  toSnapshot(): SubscriptionSnapshot {
    return this.state;
  }

  private update(changes: Partial<SubscriptionSnapshot>, now: Date): void {
    this.state = { ...this.state, ...changes, updatedAt: now };
  }
}
