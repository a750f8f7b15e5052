import type { Money, Result, ResultAsync } from '@tuma/kernel';
import type { InvalidWebhookError, PaymentProviderError } from '../domain/top-up-errors.ts';
import type { PaymentProviderName } from '../domain/top-up.aggregate.ts';

/** What a provider needs to open a checkout for a top-up that is about to start. */
export interface CheckoutTopUp {
  readonly id: string;
  readonly accountId: string;
  readonly amount: Money;
  readonly customerEmail: string | null;
}

export interface CreateCheckoutInput {
  readonly topUp: CheckoutTopUp;
  /** Where the payer lands after paying, and after giving up. */
  readonly successUrl: string;
  readonly cancelUrl: string;
}

export interface CheckoutSession {
  readonly sessionId: string;
  /** Where to send the payer. */
  readonly checkoutUrl: string;
}

/** A webhook whose signature checked out, in the terms top-ups care about. */
export type PaymentEvent =
  | { readonly kind: 'completed'; readonly eventId: string; readonly sessionId: string; readonly amount: Money }
  | { readonly kind: 'expired'; readonly eventId: string; readonly sessionId: string }
  | { readonly kind: 'failed'; readonly eventId: string; readonly sessionId: string; readonly reason: string }
  /** Authentic, but nothing for top-ups to do (another event type, or a payment still in progress). */
  | { readonly kind: 'ignored'; readonly eventId: string; readonly eventType: string };

/** Header names in lower case, as Node gives them. */
export type WebhookHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** A payment service that takes the money of a top-up through a checkout page it hosts. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Why the provider cannot charge this amount (e.g. finer than its minor unit), or undefined. */
  amountProblem(amount: Money): string | undefined;
  createCheckout(input: CreateCheckoutInput): ResultAsync<CheckoutSession, PaymentProviderError>;
  /** Verifies that the webhook is the provider's (signature over the raw body) and reads it. */
  parseWebhook(rawBody: string, headers: WebhookHeaders): Result<PaymentEvent, InvalidWebhookError>;
}
