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

export type TopUpError = PaymentProviderError | InvalidWebhookError;
