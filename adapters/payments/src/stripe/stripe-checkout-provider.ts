import {
  paymentProviderError,
  type CheckoutSession,
  type CreateCheckoutInput,
  type InvalidWebhookError,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentProviderError,
  type WebhookHeaders,
} from '@tuma/billing';
import { err, errAsync, okAsync, ResultAsync, type Clock, type Money, type Result } from '@tuma/kernel';
import { headerValue, verifySignature } from '../signature/webhook-signature.ts';
import { stripeAmountProblem, toStripeMinorUnits } from './stripe-amounts.ts';
import { parseStripeEvent } from './stripe-event.ts';
import { encodeStripeForm } from './stripe-form.ts';

export const STRIPE_API_BASE = 'https://api.stripe.com';
export const STRIPE_SIGNATURE_HEADER = 'Stripe-Signature';

export interface StripeCheckoutOptions {
  /** `sk_live_...` / `sk_test_...` (or a restricted `rk_...` key allowed to write Checkout Sessions). */
  readonly secretKey: string;
  /** The webhook endpoint's signing secret, `whsec_...`. */
  readonly webhookSecret: string;
  /** Stripe's API origin; tests point it at a local stand-in. */
  readonly apiBase?: string;
  readonly clock: Clock;
  /** What the payer sees as the item bought. */
  readonly productName?: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof globalThis.fetch;
}

interface StripeSessionBody {
  readonly id?: unknown;
  readonly url?: unknown;
  readonly error?: { readonly message?: unknown; readonly type?: unknown; readonly code?: unknown };
}

/**
 * Stripe Checkout over its HTTP API (no SDK): one Checkout Session per top-up, in payment mode,
 * with a single line item in the wallet currency; crediting waits for the signed webhook.
 */
export class StripeCheckoutProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly apiBase: string;
  private readonly fetch: typeof globalThis.fetch;

  constructor(private readonly options: StripeCheckoutOptions) {
    this.apiBase = (options.apiBase ?? STRIPE_API_BASE).replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  amountProblem(amount: Money): string | undefined {
    return stripeAmountProblem(amount);
  }

  createCheckout(input: CreateCheckoutInput): ResultAsync<CheckoutSession, PaymentProviderError> {
    const { topUp } = input;
    const body = encodeStripeForm({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: topUp.amount.currency.toLowerCase(),
            unit_amount: toStripeMinorUnits(topUp.amount),
            product_data: { name: this.options.productName ?? 'Tuma wallet top-up' },
          },
        },
      ],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: topUp.id,
      metadata: { top_up_id: topUp.id, account_id: topUp.accountId },
      payment_intent_data: { metadata: { top_up_id: topUp.id, account_id: topUp.accountId } },
    });
    return ResultAsync.fromPromise(
      this.fetch(`${this.apiBase}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${this.options.secretKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          // A retried create (e.g. after a timeout) returns the same session instead of a second one.
          'Idempotency-Key': `tuma-topup-${topUp.id}`,
        },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      }).then(async (response) => ({ status: response.status, body: (await response.json().catch(() => ({}))) as StripeSessionBody })),
      (error) => paymentProviderError('stripe', `Stripe did not answer: ${(error as Error).message}`),
    ).andThen(({ status, body: answer }) => {
      if (status >= 200 && status < 300 && typeof answer.id === 'string' && typeof answer.url === 'string') {
        return okAsync({ sessionId: answer.id, checkoutUrl: answer.url });
      }
      const reason = typeof answer.error?.message === 'string' ? answer.error.message : 'no readable answer';
      return errAsync(paymentProviderError('stripe', `Stripe refused the checkout session (HTTP ${status}): ${reason}`));
    });
  }

  parseWebhook(rawBody: string, headers: WebhookHeaders): Result<PaymentEvent, InvalidWebhookError> {
    const verified = verifySignature({
      header: headerValue(headers, STRIPE_SIGNATURE_HEADER),
      headerName: STRIPE_SIGNATURE_HEADER,
      rawBody,
      secret: this.options.webhookSecret,
      now: this.options.clock.now(),
    });
    return verified.isErr() ? err(verified.error) : parseStripeEvent(rawBody);
  }
}
