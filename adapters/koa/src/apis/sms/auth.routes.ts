import { API_SCOPES } from '@tuma/accounts';
import type { WalletLedger } from '@tuma/billing';
import { z } from 'zod';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { balanceSchema, balanceView } from '../billing/balance-views.ts';

const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['active', 'suspended']),
  wallet_currency: z.string(),
  created_at: z.string(),
  api_key: z
    .object({
      id: z.string(),
      prefix: z.string(),
      environment: z.enum(['live', 'test']),
      livemode: z.boolean(),
      scopes: z.array(z.string()),
    })
    .nullable()
    .describe('Null when a signed-in user (access token) asks'),
  balance: balanceSchema,
});

/** Who am I: the account and key behind the bearer token, and the wallet balance. */
export function authRoutes(useCases: { walletLedger: WalletLedger }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/auth/me',
      aliases: alsoUnderV1('/api/auth/me'),
      summary: 'The account and API key behind the token (or the account of a signed-in user), with the wallet balance',
      tag: 'Account',
      access: { anyScope: API_SCOPES, session: true },
      responses: { 200: { description: 'The caller', schema: meSchema } },
      handler: async ({ caller }) => {
        const { account, apiKey } = caller;
        const snapshot = account.toSnapshot();
        const wallet = unwrap(await useCases.walletLedger.balance(account.id));
        return json(200, {
          id: snapshot.id,
          email: snapshot.email,
          status: snapshot.status,
          wallet_currency: snapshot.walletCurrency,
          created_at: snapshot.createdAt.toISOString(),
          api_key: apiKey ? {
            id: apiKey.id,
            prefix: apiKey.prefix,
            environment: apiKey.environment,
            livemode: apiKey.environment === 'live',
            scopes: [...apiKey.scopes],
          } : null,
          balance: balanceView(wallet, account.walletCurrency),
        });
      },
    }),
  ];
}
