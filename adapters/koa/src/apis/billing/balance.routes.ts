import { API_SCOPES } from '@tuma/accounts';
import type { WalletLedger } from '@tuma/billing';
import { z } from 'zod';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { balanceSchema, balanceView, transactionSchema, transactionView } from './balance-views.ts';

/** Keys of any scope, or a signed-in member of any role (the dashboard reads the wallet). */
const CUSTOMER = { anyScope: API_SCOPES, session: true } as const;
/** The ledger tells the live traffic's spending, entry by entry: live keys only (the balance itself is account-wide, as in auth/me). */
const LIVE_LEDGER = { anyScope: API_SCOPES, liveKeysOnly: true, session: true } as const;

/** The caller's wallet: `GET /api/balance` and its ledger, both mirrored under /v1. */
export function balanceRoutes(useCases: { walletLedger: WalletLedger }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/balance',
      aliases: alsoUnderV1('/api/balance'),
      summary: 'The wallet balance, what is reserved and what is available',
      tag: 'Balance',
      access: CUSTOMER,
      responses: { 200: { description: 'The balance (zero, updated_at null, before the first top-up)', schema: balanceSchema } },
      handler: async ({ caller }) => {
        const account = caller.account;
        return json(200, balanceView(unwrap(await useCases.walletLedger.balance(account.id)), account.walletCurrency));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/balance/transactions',
      aliases: alsoUnderV1('/api/balance/transactions'),
      summary: 'Ledger entries of the wallet, newest first',
      tag: 'Balance',
      access: LIVE_LEDGER,
      query: z.object({
        page: z.coerce.number().int().min(0).default(0).describe('0-based'),
        limit: z.coerce.number().int().min(1).max(100).default(20),
      }),
      responses: {
        200: {
          description: 'One page of entries',
          schema: z.object({ transactions: z.array(transactionSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
        },
      },
      handler: async ({ caller, query }) => {
        const page = unwrap(await useCases.walletLedger.transactions({ accountId: caller.account.id, page: query.page, limit: query.limit }));
        return json(200, { transactions: page.entries.map(transactionView), total: page.total, page: query.page, limit: query.limit });
      },
    }),
  ];
}
