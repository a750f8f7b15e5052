import type { Money } from '@tuma/kernel';

/** Who takes the payment: the built-in hosted checkout (embedded default) or Stripe Checkout. */
export const PAYMENT_PROVIDERS = ['hosted', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const TOP_UP_STATUSES = ['pending', 'completed', 'expired', 'failed'] as const;
export type TopUpStatus = (typeof TOP_UP_STATUSES)[number];

export interface TopUpSnapshot {
  readonly id: string;
  readonly accountId: string;
  /** In the wallet currency, > 0. */
  readonly amount: Money;
  readonly provider: PaymentProviderName;
  /** The provider's checkout session: unique per provider; webhooks name it. */
  readonly providerSessionId: string;
  readonly checkoutUrl: string;
  /** The account's email when the top-up started (shown on the checkout, prefilled at Stripe). */
  readonly customerEmail: string | null;
  readonly status: TopUpStatus;
  /** Why a top-up failed (the provider's reason, or a paid amount that does not match). */
  readonly failureReason: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly completedAt: Date | null;
}

export interface OpenTopUpInput {
  readonly id: string;
  readonly accountId: string;
  readonly amount: Money;
  readonly provider: PaymentProviderName;
  readonly providerSessionId: string;
  readonly checkoutUrl: string;
  readonly customerEmail: string | null;
}

/**
 * What a payment notice did to a top-up: `credit` (pay the wallet now), `duplicate` (it was
 * credited before: a replayed or repeated notice), `mismatch` (the paid amount differs: failed,
 * never credited), `closed` (a failed top-up takes no payment).
 */
export type PaymentDecision = 'credit' | 'duplicate' | 'mismatch' | 'closed';

const FAILURE_REASON_MAX = 500;

/**
 * A wallet top-up paid through a checkout session of a payment provider. It is credited at most
 * once: only the transition to `completed` asks for a credit, and it happens once per top-up.
 *
 *   pending --paid--> completed        pending --expired--> expired     pending --failed--> failed
 *   expired --paid--> completed (a late payment is still money received)
 */
export class TopUp {
  private constructor(private state: TopUpSnapshot) {}

  static open(input: OpenTopUpInput, now: Date): TopUp {
    if (!input.amount.isPositive()) throw new RangeError(`A top-up amount must be positive, got ${input.amount.toString()}`);
    return new TopUp({ ...input, status: 'pending', failureReason: null, createdAt: now, updatedAt: now, completedAt: null });
  }

  static rehydrate(snapshot: TopUpSnapshot): TopUp {
    return new TopUp({ ...snapshot });
  }

  get id(): string {
    return this.state.id;
  }

  get accountId(): string {
    return this.state.accountId;
  }

  get amount(): Money {
    return this.state.amount;
  }

  get provider(): PaymentProviderName {
    return this.state.provider;
  }

  get providerSessionId(): string {
    return this.state.providerSessionId;
  }

  get checkoutUrl(): string {
    return this.state.checkoutUrl;
  }

  get customerEmail(): string | null {
    return this.state.customerEmail;
  }

  get status(): TopUpStatus {
    return this.state.status;
  }

  get failureReason(): string | null {
    return this.state.failureReason;
  }

  get createdAt(): Date {
    return this.state.createdAt;
  }

  get completedAt(): Date | null {
    return this.state.completedAt;
  }

  /** The ledger reference of its credit: the same top-up can never be credited twice. */
  get ledgerReference(): string {
    return `topup:${this.state.id}`;
  }

  /** The provider reports the session paid with `paid`. */
  recordPayment(paid: Money, now: Date): PaymentDecision {
    if (this.state.status === 'completed') return 'duplicate';
    if (this.state.status === 'failed') return 'closed';
    if (!paid.equals(this.state.amount)) {
      const reason = `amount_mismatch: paid ${paid.toString()}, expected ${this.state.amount.toString()}`;
      this.state = { ...this.state, status: 'failed', failureReason: reason, updatedAt: now };
      return 'mismatch';
    }
    this.state = { ...this.state, status: 'completed', updatedAt: now, completedAt: now };
    return 'credit';
  }

  /** The session ended unpaid (expired, or cancelled on the hosted checkout). Only a pending top-up changes. */
  expire(now: Date): boolean {
    return this.close('expired', null, now);
  }

  /** The provider reports the payment failed. Only a pending top-up changes. */
  fail(reason: string, now: Date): boolean {
    return this.close('failed', reason, now);
  }

  toSnapshot(): TopUpSnapshot {
    return { ...this.state };
  }

  private close(status: 'expired' | 'failed', reason: string | null, now: Date): boolean {
    if (this.state.status !== 'pending') return false;
    const failureReason = reason === null ? null : reason.slice(0, FAILURE_REASON_MAX);
    this.state = { ...this.state, status, failureReason, updatedAt: now };
    return true;
  }
}
