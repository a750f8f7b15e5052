import type { AccountBalanceRow, BalanceReports, BalanceStats, TopUpWindowTotal } from '@tuma/billing';
import { currency } from '@tuma/kernel';
import type { Database } from '../database/database.ts';
import { storedMoney } from '../database/stored-money.ts';

type Row = Record<string, unknown>;


const WINDOWS: readonly { window: TopUpWindowTotal['window']; hours: number }[] = [
  { window: '24h', hours: 24 },
  { window: '7d', hours: 24 * 7 },
  { window: '30d', hours: 24 * 30 },
];

/** Escapes LIKE wildcards so a search for `a_b` finds `a_b`, not `axb`. */
const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Operator balance reports as SQL aggregates over account, wallet and top_up. */
export class MikroOrmBalanceReports implements BalanceReports {
  constructor(private readonly database: Database) {}

  private query(sql: string, params: unknown[] = []): Promise<Row[]> {
    return this.database.em.getConnection().execute(sql, params) as Promise<Row[]>;
  }

  async list(input: { page: number; limit: number; search: string }): Promise<{ rows: AccountBalanceRow[]; total: number }> {
    const search = input.search.trim();
    const filter = search ? `and (a.email ilike ? or a.id = ?)` : '';
    const params = search ? [likePattern(search.toLowerCase()), search] : [];
    const [count] = await this.query(`select count(*)::int as n from account a where not a.is_admin ${filter}`, params);
    const rows = await this.query(
      `select a.id, a.email, a.status, a.wallet_currency, w.balance::text as balance, w.reserved::text as reserved, w.updated_at
         from account a left join wallet w on w.account_id = a.id
        where not a.is_admin ${filter}
        order by a.created_at desc, a.id desc
        limit ? offset ?`,
      [...params, input.limit, input.page * input.limit],
    );
    return {
      total: Number(count?.n ?? 0),
      rows: rows.map((row) => {
        const code = String(row.wallet_currency);
        const balance = row.balance === null ? null : storedMoney(String(row.balance), code, `balance of account ${String(row.id)}`);
        const reserved = row.reserved === null ? null : storedMoney(String(row.reserved), code, `reserved of account ${String(row.id)}`);
        return {
          accountId: String(row.id),
          email: String(row.email),
          status: String(row.status),
          currency: currency(code),
          balance,
          reserved,
          available: balance && reserved ? balance.subtract(reserved) : null,
          updatedAt: row.updated_at ? new Date(String(row.updated_at)) : null,
        };
      }),
    };
  }

  async stats(now: Date): Promise<BalanceStats> {
    const [accounts] = await this.query(`select count(*)::int as n from account where not is_admin`);
    const totals = await this.query(
      `select w.currency, count(*)::int as wallets, sum(w.balance)::text as balance, sum(w.reserved)::text as reserved,
              count(*) filter (where w.balance - w.reserved <= 0)::int as at_risk
         from wallet w join account a on a.id = w.account_id
        where not a.is_admin
        group by w.currency order by w.currency`,
    );
    const topUps: TopUpWindowTotal[] = [];
    for (const { window, hours } of WINDOWS) {
      const since = new Date(now.getTime() - hours * 3_600_000);
      const rows = await this.query(
        `select currency, count(*)::int as n, sum(amount)::text as amount from top_up
          where status = 'completed' and completed_at > ? group by currency order by currency`,
        [since],
      );
      for (const row of rows) {
        const code = String(row.currency);
        topUps.push({ window, currency: currency(code), count: Number(row.n), amount: storedMoney(String(row.amount), code, 'top-up total') });
      }
    }
    return {
      customerAccounts: Number(accounts?.n ?? 0),
      wallets: totals.reduce((sum, row) => sum + Number(row.wallets), 0),
      totals: totals.map((row) => {
        const code = String(row.currency);
        return { currency: currency(code), wallets: Number(row.wallets), balance: storedMoney(String(row.balance), code, `balance of account ${String(row.id)}`), reserved: storedMoney(String(row.reserved), code, `reserved of account ${String(row.id)}`) };
      }),
      negativeRiskAccounts: totals.reduce((sum, row) => sum + Number(row.at_risk), 0),
      topUps,
    };
  }
}
