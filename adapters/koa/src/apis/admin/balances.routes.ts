import type { AdjustBalance, BalanceReports, BalanceStats } from '@tuma/billing';
import type { Clock } from '@tuma/kernel';
import { z } from 'zod';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { balanceSchema, balanceView, transactionSchema, transactionView } from '../billing/balance-views.ts';

export interface AdminBalanceUseCases {
  readonly adjustBalance: AdjustBalance;
  readonly balanceReports: BalanceReports;
  readonly clock: Clock;
}

const ADMIN = { anyScope: ['admin'] } as const;

const rowSchema = balanceSchema.extend({
  account_id: z.string(),
  email: z.string(),
  status: z.string(),
  has_wallet: z.boolean(),
});

const statsSchema = z.object({
  customer_accounts: z.number().int(),
  wallets: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), wallets: z.number().int(), balance: z.number(), reserved: z.number() })),
  negative_risk_accounts: z.number().int().describe('Wallets with nothing available (balance - reserved <= 0): their next charge fails'),
  top_ups: z.object({
    last_24h: z.array(z.object({ currency: z.string(), count: z.number().int(), amount: z.number() })),
    last_7d: z.array(z.object({ currency: z.string(), count: z.number().int(), amount: z.number() })),
    last_30d: z.array(z.object({ currency: z.string(), count: z.number().int(), amount: z.number() })),
  }),
});

export const statsView = (stats: BalanceStats): z.infer<typeof statsSchema> => {
  const window = (name: '24h' | '7d' | '30d') =>
    stats.topUps.filter((t) => t.window === name).map((t) => ({ currency: t.currency, count: t.count, amount: t.amount.toNumber() }));
  return {
    customer_accounts: stats.customerAccounts,
    wallets: stats.wallets,
    totals: stats.totals.map((t) => ({ currency: t.currency, wallets: t.wallets, balance: t.balance.toNumber(), reserved: t.reserved.toNumber() })),
    negative_risk_accounts: stats.negativeRiskAccounts,
    top_ups: { last_24h: window('24h'), last_7d: window('7d'), last_30d: window('30d') },
  };
};

export const manualAdjustmentBody = z.strictObject({
  amount: z.union([z.number(), z.string()]).describe('Positive, in the wallet currency, at most 6 decimals'),
  currency: z.string().length(3).optional().describe('Must be the wallet currency when given'),
  reason: z.string().min(1).max(500),
  reference: z.string().min(1).max(150).describe('Idempotency key: the same reference on the same account applies once'),
});

const adjustmentSchema = z.object({ transaction: transactionSchema, balance: balanceSchema });

/** Operator balance endpoints, under /api/admin/balances and /v1/admin/balances. */
export function adminBalanceRoutes(useCases: AdminBalanceUseCases): RouteDefinition[] {
  const adjust = (direction: 'credit' | 'debit') =>
    defineRoute({
      method: 'post',
      path: `/api/admin/balances/:user_id/${direction}`,
      aliases: alsoUnderV1(`/api/admin/balances/:user_id/${direction}`),
      summary: direction === 'credit' ? 'Credit a wallet (ManualAdjustment)' : 'Debit a wallet (ManualAdjustment); never below zero',
      tag: 'Admin',
      access: ADMIN,
      params: z.object({ user_id: z.string().min(1).max(64) }),
      body: manualAdjustmentBody,
      responses: {
        200: { description: 'The ledger entry (the original one when the reference was already used) and the balance', schema: adjustmentSchema },
        402: { description: 'A debit larger than the available balance' },
        404: { description: 'No such account' },
        409: { description: 'The reference was used for a different adjustment' },
      },
      handler: async ({ params, body }) => {
        const { entry, wallet } = unwrap(await useCases.adjustBalance.execute({ accountId: params.user_id, direction, ...body }));
        return json(200, { transaction: transactionView(entry), balance: balanceView(wallet, wallet.currency) });
      },
    });

  return [
    defineRoute({
      method: 'get',
      path: '/api/admin/balances',
      aliases: alsoUnderV1('/api/admin/balances'),
      summary: 'Every customer account with its balance, newest account first',
      tag: 'Admin',
      access: ADMIN,
      query: z.object({
        page: z.coerce.number().int().min(0).default(0),
        limit: z.coerce.number().int().min(1).max(100).default(25),
        search: z.string().max(254).default('').describe('Part of the email, or an exact account id'),
      }),
      responses: {
        200: { description: 'One page', schema: z.object({ balances: z.array(rowSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }) },
      },
      handler: async ({ query }) => {
        const { rows, total } = await useCases.balanceReports.list(query);
        const balances = rows.map((row) => ({
          account_id: row.accountId,
          email: row.email,
          status: row.status,
          has_wallet: row.balance !== null,
          currency: row.currency,
          balance: row.balance?.toNumber() ?? 0,
          reserved: row.reserved?.toNumber() ?? 0,
          available: row.available?.toNumber() ?? 0,
          updated_at: row.updatedAt?.toISOString() ?? null,
        }));
        return json(200, { balances, total, page: query.page, limit: query.limit });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/admin/balances/stats',
      aliases: alsoUnderV1('/api/admin/balances/stats'),
      summary: 'Totals by currency, accounts, negative-risk wallets and top-ups over 24 hours, 7 and 30 days',
      tag: 'Admin',
      access: ADMIN,
      responses: { 200: { description: 'Aggregated balance analytics', schema: statsSchema } },
      handler: async () => json(200, statsView(await useCases.balanceReports.stats(useCases.clock.now()))),
    }),
    adjust('credit'),
    adjust('debit'),
  ];
}
