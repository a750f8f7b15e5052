import { randomBytes } from 'node:crypto';
import {
  invalidWebhook,
  type CheckoutSession,
  type CreateCheckoutInput,
  type InvalidWebhookError,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentProviderError,
  type TopUp,
  type WebhookHeaders,
} from '@tuma/billing';
import { err, Money, ok, okAsync, type Clock, type Result, type ResultAsync } from '@tuma/kernel';
import { headerValue, type TimestampedSignatures } from '@tuma/webhooks';

export const HOSTED_SIGNATURE_HEADER = 'Tuma-Signature';
export const HOSTED_SESSION_PREFIX = 'hcs_';

/** What the hosted checkout reports: the payer confirmed (paid) or cancelled. */
export type HostedEventType = 'checkout.completed' | 'checkout.cancelled';

export interface HostedCheckoutOptions {
  /** HMAC key of the hosted checkout's webhooks. */
  readonly secret: string;
  /** The timestamped scheme its notices are signed and verified in (`Tuma-Signature: t=...,v1=...`). */
  readonly signatures: TimestampedSignatures;
  readonly clock: Clock;
  /** The absolute URL of the checkout page of a session (served by the app). */
  readonly checkoutUrl: (sessionId: string) => string;
}

export interface SignedWebhook {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The built-in payment provider of the embedded setup: a page of the app itself stands in for
 * the payment service. No money moves; confirming on the page is the payment. Its notices go
 * through the same webhook path, signature check and crediting as a real provider's.
 */
export class HostedCheckoutProvider implements PaymentProvider {
  readonly name = 'hosted' as const;

  constructor(private readonly options: HostedCheckoutOptions) {}

  /** Any amount a wallet holds can be "paid" here. */
  amountProblem(_amount: Money): string | undefined {
    return undefined;
  }

  createCheckout(_input: CreateCheckoutInput): ResultAsync<CheckoutSession, PaymentProviderError> {
    const sessionId = `${HOSTED_SESSION_PREFIX}${randomBytes(24).toString('base64url')}`;
    return okAsync({ sessionId, checkoutUrl: this.options.checkoutUrl(sessionId) });
  }

  /** The webhook the checkout sends when the payer confirms or cancels `topUp`. */
  signedEvent(type: HostedEventType, topUp: TopUp): SignedWebhook {
    const now = this.options.clock.now();
    const body = JSON.stringify({
      id: `${topUp.providerSessionId}.${type}`,
      type,
      created: Math.floor(now.getTime() / 1000),
      data: { session_id: topUp.providerSessionId, top_up_id: topUp.id, amount: topUp.amount.toDecimalString(), currency: topUp.amount.currency },
    });
    return { body, headers: { 'Content-Type': 'application/json', [HOSTED_SIGNATURE_HEADER]: this.options.signatures.header(this.options.secret, body, now) } };
  }

  parseWebhook(rawBody: string, headers: WebhookHeaders): Result<PaymentEvent, InvalidWebhookError> {
    const verified = this.options.signatures.verify({
      header: headerValue(headers, HOSTED_SIGNATURE_HEADER),
      headerName: HOSTED_SIGNATURE_HEADER,
      rawBody,
      secret: this.options.secret,
      now: this.options.clock.now(),
    });
    return verified.isErr() ? err(verified.error) : readEvent(rawBody);
  }
}

function readEvent(rawBody: string): Result<PaymentEvent, InvalidWebhookError> {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    return err(invalidWebhook('payload', 'The webhook body is not JSON'));
  }
  if (!isObject(event) || typeof event.id !== 'string' || !isObject(event.data) || typeof event.data.session_id !== 'string') {
    return err(invalidWebhook('payload', 'Not a hosted checkout event'));
  }
  const { id: eventId, type, data } = event;
  const sessionId = data.session_id as string;
  if (type === 'checkout.cancelled') return ok({ kind: 'expired', eventId, sessionId });
  if (type !== 'checkout.completed') return ok({ kind: 'ignored', eventId, eventType: String(type) });
  const amount = typeof data.amount === 'string' && typeof data.currency === 'string' ? Money.parse(data.amount, data.currency) : undefined;
  if (!amount || amount.isErr()) return err(invalidWebhook('payload', 'checkout.completed without a readable amount and currency'));
  return ok({ kind: 'completed', eventId, sessionId, amount: amount.value });
}
