import type { PaymentProviderName, ReceivePaymentWebhook } from '@tuma/billing';
import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';

export interface PaymentWebhookUseCases {
  /** The provider whose webhooks this server takes. */
  readonly provider: PaymentProviderName;
  readonly receivePaymentWebhook: ReceivePaymentWebhook;
}

const receiptSchema = z.object({
  received: z.literal(true),
  event_id: z.string(),
  outcome: z.string().describe('credited, duplicate, amount_mismatch, closed, expired, failed, unchanged, unknown_session or ignored'),
  top_up_id: z.string().nullable(),
});

/**
 * `POST /api/payments/webhooks/{provider}`: public, authenticated by the provider's signature over
 * the raw body (Stripe-Signature, or Tuma-Signature for the hosted checkout). A bad signature is a
 * 400 JSON error; everything authentic is acknowledged with 200, once or many times.
 */
export function paymentWebhookRoutes(useCases: PaymentWebhookUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: `/api/payments/webhooks/${useCases.provider}`,
      summary: `Payment notifications from ${useCases.provider === 'stripe' ? 'Stripe' : 'the hosted checkout'} (signed)`,
      tag: 'Payments',
      access: { public: true },
      responses: {
        200: { description: 'The event was authentic; what it did', schema: receiptSchema },
        400: { description: 'Missing or wrong signature, a timestamp beyond 300 s, or an unreadable event (invalid_webhook)' },
      },
      handler: async ({ koa }) => {
        const rawBody = typeof koa.state.rawBody === 'string' ? koa.state.rawBody : '';
        const receipt = unwrap(await useCases.receivePaymentWebhook.execute(rawBody, koa.headers));
        return json(200, { received: true, event_id: receipt.eventId, outcome: receipt.outcome, top_up_id: receipt.topUpId });
      },
    }),
  ];
}
