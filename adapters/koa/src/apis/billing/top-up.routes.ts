import { API_SCOPES } from '@tuma/accounts';
import type { StartTopUp, TopUp } from '@tuma/billing';
import { z } from 'zod';
import { seeOther } from '../../http/html.ts';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';

export interface TopUpUseCases {
  readonly startTopUp: StartTopUp;
}

const topUpSchema = z.object({
  top_up_id: z.string(),
  checkout_url: z.string().describe('Send the payer here'),
  amount: z.number().describe('In the wallet currency, at full micro precision'),
  currency: z.string(),
  status: z.enum(['pending', 'completed', 'expired', 'failed']),
  provider: z.enum(['hosted', 'stripe']),
  created_at: z.string(),
});

export const topUpView = (topUp: TopUp): z.infer<typeof topUpSchema> => ({
  top_up_id: topUp.id,
  checkout_url: topUp.checkoutUrl,
  amount: topUp.amount.toNumber(),
  currency: topUp.amount.currency,
  status: topUp.status,
  provider: topUp.provider,
  created_at: topUp.createdAt.toISOString(),
});

/** `POST /api/balance/topup` (and /v1): starts a top-up and hands out its hosted payment checkout. */
export function topUpRoutes(useCases: TopUpUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/balance/topup',
      aliases: alsoUnderV1('/api/balance/topup'),
      summary: 'Start a wallet top-up: 303 to the payment checkout for Accept: text/html, else its checkout_url',
      tag: 'Balance',
      access: { anyScope: API_SCOPES },
      body: z.object({
        amount: z
          .union([z.number(), z.string().max(32)], { error: 'A decimal number or string, greater than zero' })
          .describe('In the wallet currency: > 0, at most 6 decimals, from 1 to 1,000,000,000'),
        currency: z.string().max(16).optional().describe('ISO 4217; must be the wallet currency (default)'),
      }),
      responses: {
        200: { description: 'The pending top-up and where to pay it', schema: topUpSchema },
        303: { description: 'Redirect to the checkout (when the client prefers text/html); body as for 200', schema: topUpSchema },
        403: { description: 'A test key (live_key_required: top-ups move real money), a key lacking the scope, or a suspended account' },
        502: { description: 'The payment provider refused or did not answer (payment_provider_error)', errorCodes: ['payment_provider_error'], errorFields: { provider: z.enum(['hosted', 'stripe']) } },
        503: { description: 'No payment provider is configured on this install (payments_not_configured)' },
      },
      handler: async ({ body, principal, koa }) => {
        const { account } = principal;
        const topUp = unwrap(
          await useCases.startTopUp.execute({
            accountId: account.id,
            accountEmail: account.email,
            environment: principal.apiKey.environment,
            walletCurrency: account.walletCurrency,
            amount: body.amount,
            currency: body.currency,
          }),
        );
        const view = topUpView(topUp);
        return koa.accepts('application/json', 'text/html') === 'text/html' ? seeOther(topUp.checkoutUrl, view) : json(200, view);
      },
    }),
  ];
}
