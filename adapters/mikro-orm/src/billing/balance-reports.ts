import { sql } from 'kysely';
import type { AccountBalanceRow, BalanceReports, BalanceStats, TopUpWindowTotal } from '@tuma/billing';
import { currency } from '@tuma/kernel';
import type { Database } from '../database/database.ts';
import { storedMoney } from '../database/stored-money.ts';

const WINDOWS: readonly { window: TopUpWindowTotal['window']; hours: number }[] = [
  { window: '24h', hours: 24 },
  { window: '7d', hours: 24 * 7 },
  { window: '30d', hours: 24 * 30 },
];

/** Escapes LIKE wildcards so a search for `a_b` finds `a_b`, not `axb`. */
const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const COUNT = sql<number>`count(*)::int`;

/** Operator balance reports as SQL aggregates over account, wallet and top_up. */
export class MikroOrmBalanceReports implements BalanceReports {
  constructor(private readonly database: Database) {}

  async list(input: { page: number; limit: number; search: string }): Promise<{ rows: AccountBalanceRow[]; total: number }> {
    const search = input.search.trim();
    const customers = this.database.query
      .selectFrom('account as a')
      .where('a.is_admin', '=', false)
      .$if(search !== '', (q) => q.where((eb) => eb.or([eb('a.email', 'ilike', likePattern(search.toLowerCase())), eb('a.id', '=', search)])));
    const { n: total } = await customers.select(COUNT.as('n')).executeTakeFirstOrThrow();
    const rows = await customers
      .leftJoin('wallet as w', 'w.account_id', 'a.id')
      .select(['a.id', 'a.email', 'a.status', 'a.wallet_currency', 'w.balance', 'w.reserved', 'w.updated_at'])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(input.limit)
      .offset(input.page * input.limit)
      .execute();
    return {
      total,
      rows: rows.map((row) => {
        const code = row.wallet_currency;
        const balance = row.balance === null ? null : storedMoney(row.balance, code, `balance of account ${row.id}`);
        const reserved = row.reserved === null ? null : storedMoney(row.reserved, code, `reserved of account ${row.id}`);
        return {
          accountId: row.id,
          email: row.email,
          status: row.status,
          currency: currency(code),
          balance,
          reserved,
          available: balance && reserved ? balance.subtract(reserved) : null,
          updatedAt: row.updated_at ? new Date(row.updated_at) : null,
        };
      }),
    };
  }

  async stats(now: Date): Promise<BalanceStats> {
    const { n: customerAccounts } = await this.database.query.selectFrom('account').select(COUNT.as('n')).where('is_admin', '=', false).executeTakeFirstOrThrow();
    const totals = await this.database.query
      .selectFrom('wallet as w')
      .innerJoin('account as a', 'a.id', 'w.account_id')
      .where('a.is_admin', '=', false)
      .select([
        'w.currency',
        COUNT.as('wallets'),
        sql<string>`sum(w.balance)::text`.as('balance'),
        sql<string>`sum(w.reserved)::text`.as('reserved'),
        sql<number>`count(*) filter (where w.balance - w.reserved <= 0)::int`.as('at_risk'),
      ])
      .groupBy('w.currency')
      .orderBy('w.currency')
      .execute();
    const topUps: TopUpWindowTotal[] = [];
    for (const { window, hours } of WINDOWS) {
      const since = new Date(now.getTime() - hours * 3_600_000).toISOString();
      const rows = await this.database.query
        .selectFrom('top_up')
        .select(['currency', COUNT.as('n'), sql<string>`sum(amount)::text`.as('amount')])
        .where('status', '=', 'completed')
        .where('completed_at', '>', since)
        .groupBy('currency')
        .orderBy('currency')
        .execute();
      for (const row of rows) topUps.push({ window, currency: currency(row.currency), count: row.n, amount: storedMoney(row.amount, row.currency, 'top-up total') });
    }
    return {
      customerAccounts,
      wallets: totals.reduce((sum, row) => sum + row.wallets, 0),
      totals: totals.map((row) => ({
        currency: currency(row.currency),
        wallets: row.wallets,
        balance: storedMoney(row.balance, row.currency, `balance of the ${row.currency} wallets`),
        reserved: storedMoney(row.reserved, row.currency, `reserved of the ${row.currency} wallets`),
      })),
      negativeRiskAccounts: totals.reduce((sum, row) => sum + row.at_risk, 0),
      topUps,
    };
  }
}
