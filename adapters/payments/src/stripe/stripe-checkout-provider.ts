import Stripe from 'stripe';
import {
  invalidWebhook,
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
import { headerValue, SIGNATURE_TOLERANCE_SECONDS } from '@tuma/webhooks';
import { stripeAmountProblem, toStripeMinorUnits } from './stripe-amounts.ts';
import { parseStripeEvent } from './stripe-event.ts';

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
}

/** Stripe's answer to a signature it could not verify: too old (or too new), or not Stripe's. */
const signatureFailure = (message: string): InvalidWebhookError['reason'] => (/timestamp/i.test(message) && /tolerance/i.test(message) ? 'timestamp' : 'signature');

/**
 * Stripe Checkout through the official SDK: one Checkout Session per top-up, in payment mode,
 * with a single line item in the wallet currency; crediting waits for the signed webhook, verified
 * by the SDK against our clock. Ours stay the money rules (minor units, zero-decimal currencies)
 * and the reading of events into top-up terms.
 */
export class StripeCheckoutProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeCheckoutOptions) {
    const api = new URL(options.apiBase ?? STRIPE_API_BASE);
    this.stripe = new Stripe(options.secretKey, {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
      timeout: options.timeoutMs ?? 15_000,
      // A retry reuses the Idempotency-Key: Stripe answers it with the same session.
      maxNetworkRetries: 2,
      httpClient: Stripe.createFetchHttpClient(),
      telemetry: false,
    });
  }

  amountProblem(amount: Money): string | undefined {
    return stripeAmountProblem(amount);
  }

  createCheckout(input: CreateCheckoutInput): ResultAsync<CheckoutSession, PaymentProviderError> {
    const { topUp } = input;
    const metadata = { top_up_id: topUp.id, account_id: topUp.accountId };
    return ResultAsync.fromPromise(
      this.stripe.checkout.sessions.create(
        {
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
          metadata,
          payment_intent_data: { metadata },
        },
        { idempotencyKey: `tuma-topup-${topUp.id}` },
      ),
      (error) =>
        error instanceof Stripe.errors.StripeError && error.statusCode !== undefined
          ? paymentProviderError('stripe', `Stripe refused the checkout session (HTTP ${error.statusCode}): ${error.message}`)
          : paymentProviderError('stripe', `Stripe did not answer: ${(error as Error).message}`),
    ).andThen((session) =>
      session.url ? okAsync({ sessionId: session.id, checkoutUrl: session.url }) : errAsync(paymentProviderError('stripe', `Stripe gave checkout session ${session.id} no URL`)),
    );
  }

  parseWebhook(rawBody: string, headers: WebhookHeaders): Result<PaymentEvent, InvalidWebhookError> {
    const header = headerValue(headers, STRIPE_SIGNATURE_HEADER);
    if (!header) return err(invalidWebhook('signature', `Missing ${STRIPE_SIGNATURE_HEADER} header`));
    try {
      this.stripe.webhooks.constructEvent(rawBody, header, this.options.webhookSecret, SIGNATURE_TOLERANCE_SECONDS, undefined, this.options.clock.now().getTime());
    } catch (error) {
      // Anything but a refused signature is an authentic body the SDK could not read: ours says why below.
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) return parseStripeEvent(rawBody);
      return err(invalidWebhook(signatureFailure(error.message), `Stripe-Signature refused: ${error.message.split('\n')[0]}`));
    }
    return parseStripeEvent(rawBody);
  }
}
