import type { Selectable } from 'kysely';
import { usagePeriods, type MailUsage, type MailUsageCounts } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import type { MailUsageTable } from '../database/tables.ts';

const countsOf = (rows: readonly Pick<Selectable<MailUsageTable>, 'period' | 'emails'>[], periods: { month: string; day: string }): MailUsageCounts => {
  const of = (period: string) => rows.find((row) => row.period === period)?.emails ?? 0;
  return { month: of(periods.month), day: of(periods.day) };
};

/** Mail usage in `mail_usage`: one row per account and period (a calendar month `2026-11`, a day `2026-11-25`), counted up in the send's unit of work. */
export class MikroOrmMailUsage implements MailUsage {
  constructor(private readonly database: Database) {}

  /** Both periods' rows are written in one statement, month first: one account's sends lock them in the same order. */
  async take(accountId: string, emails: number, at: Date): Promise<MailUsageCounts> {
    const periods = usagePeriods(at);
    const rows = await this.database.query
      .insertInto('mail_usage')
      .values([
        { account_id: accountId, period: periods.month, emails },
        { account_id: accountId, period: periods.day, emails },
      ])
      .onConflict((conflict) => conflict.columns(['account_id', 'period']).doUpdateSet((eb) => ({ emails: eb('mail_usage.emails', '+', eb.ref('excluded.emails')) })))
      .returning(['period', 'emails'])
      .execute();
    return countsOf(rows, periods);
  }

  async read(accountId: string, at: Date): Promise<MailUsageCounts> {
    const periods = usagePeriods(at);
    const rows = await this.database.query.selectFrom('mail_usage').select(['period', 'emails']).where('account_id', '=', accountId).where('period', 'in', [periods.month, periods.day]).execute();
    return countsOf(rows, periods);
  }
}
