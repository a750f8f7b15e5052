import type { DomainError } from '@tuma/kernel';
import type { PaymentProviderName } from './top-up.aggregate.ts';

/** The payment provider refused or did not answer when a checkout was created. */
export interface PaymentProviderError extends DomainError {
  readonly type: 'payment_provider_error';
  readonly provider: PaymentProviderName;
}

/**
 * A webhook that is not provably from the provider (missing or wrong signature, a timestamp
 * outside the tolerance) or whose signed body is not an event we can read.
 */
export interface InvalidWebhookError extends DomainError {
  readonly type: 'invalid_webhook';
  readonly reason: 'signature' | 'timestamp' | 'payload';
}

export const paymentProviderError = (provider: PaymentProviderName, message: string): PaymentProviderError => ({
  type: 'payment_provider_error',
  provider,
  message,
});

export const invalidWebhook = (reason: InvalidWebhookError['reason'], message: string): InvalidWebhookError => ({
  type: 'invalid_webhook',
  reason,
  message,
});

/** No payment provider is configured (a production install without PAYMENT_PROVIDER): not the caller's fault. */
export interface PaymentsNotConfiguredError extends DomainError {
  readonly type: 'payments_not_configured';
}

/** Top-ups move real money into the live wallet; a test key's traffic never spends any (docs/payments.md). */
export interface LiveKeyRequiredError extends DomainError {
  readonly type: 'live_key_required';
}

export const paymentsNotConfigured = (): PaymentsNotConfiguredError => ({
  type: 'payments_not_configured',
  message: 'Top-ups are not available: the operator has not configured a payment provider',
});

export const liveKeyRequired = (): LiveKeyRequiredError => ({
  type: 'live_key_required',
  message: 'Top-ups move real money into the live wallet: use a live key (svc_live_...); test traffic is never charged',
});

export type TopUpError = PaymentProviderError | InvalidWebhookError | PaymentsNotConfiguredError | LiveKeyRequiredError;
