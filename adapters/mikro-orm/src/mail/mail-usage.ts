import { usagePeriods, type MailUsage, type MailUsageCounts } from '@tuma/mail';
import type { Database } from '../database/database.ts';

/** Both periods' rows are written in one statement, month first: one account's sends lock them in the same order. */
const TAKE = `
  insert into mail_usage (account_id, period, emails) values (?, ?, ?), (?, ?, ?)
  on conflict (account_id, period) do update set emails = mail_usage.emails + excluded.emails
  returning period, emails`;

const READ = 'select period, emails from mail_usage where account_id = ? and period in (?, ?)';

const countsOf = (rows: readonly { period: string; emails: number }[], periods: { month: string; day: string }): MailUsageCounts => {
  const of = (period: string) => Number(rows.find((row) => row.period === period)?.emails ?? 0);
  return { month: of(periods.month), day: of(periods.day) };
};

/** Mail usage in `mail_usage`: one row per account and period (a calendar month `2026-11`, a day `2026-11-25`), counted up in the send's unit of work. */
export class MikroOrmMailUsage implements MailUsage {
  constructor(private readonly database: Database) {}

  async take(accountId: string, emails: number, at: Date): Promise<MailUsageCounts> {
    const periods = usagePeriods(at);
    const rows = await this.database.em.execute<{ period: string; emails: number }[]>(TAKE, [accountId, periods.month, emails, accountId, periods.day, emails]);
    return countsOf(rows, periods);
  }

  async read(accountId: string, at: Date): Promise<MailUsageCounts> {
    const periods = usagePeriods(at);
    return countsOf(await this.database.em.execute<{ period: string; emails: number }[]>(READ, [accountId, periods.month, periods.day]), periods);
  }
}
