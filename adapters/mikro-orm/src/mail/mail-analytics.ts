import { sql, type RawBuilder } from 'kysely';
import { COUNTED_EVENTS, type DailyCounts, type MailAnalytics, type MailCounts } from '@tuma/mail';
import type { Database } from '../database/database.ts';
import type { Rollup } from '../database/rollup-folds.ts';

type CountsRow = { readonly day: string | null } & Readonly<Record<(typeof COUNTED_EVENTS)[number], number>>;

const DAY_MS = 24 * 3600 * 1000;
const SUMS = sql.join(COUNTED_EVENTS.map((type) => sql`coalesce(sum(${sql.ref(`c.${type}`)}), 0)::int as ${sql.ref(type)}`));

const countsOf = (row: CountsRow): MailCounts => Object.fromEntries(COUNTED_EVENTS.map((type) => [type, row[type]])) as MailCounts;

/** `email_event_tally` (migration 20261205000200): the events per account, UTC day and type. */
export const EMAIL_EVENT_TALLY: Rollup = { table: 'email_event_tally', key: ['account_id', 'day', 'type'], conflictTarget: 'account_id, day, type', sums: ['n'] };

/** Where the counts come from: a relation of (`day` as a UTC midnight timestamp, one count per counted type) for the account's days `[from, end)`. */
export type MailCountSource = (accountId: string, from: Date, end: Date) => RawBuilder<unknown>;

/** Every event of the window, joined to its email for the account: the definition the tallies must equal (and the analytics before issue 34). */
export const MAIL_EVENT_SCAN: MailCountSource = (accountId, from, end) => sql`
  select date_trunc('day', e.at at time zone 'UTC') as day, ${sql.join(COUNTED_EVENTS.map((type) => sql`count(*) filter (where e.type = ${type}) as ${sql.ref(type)}`))}
  from email_event e join email m on m.id = e.email_id
  where m.account_id = ${accountId} and e.at >= ${from.toISOString()}::timestamptz and e.at < ${end.toISOString()}::timestamptz and e.type in (${sql.join(COUNTED_EVENTS)})
  group by 1`;

/** The whole days' tallies (windows are whole UTC days), folded and unfolded rows alike. */
export const MAIL_EVENT_TALLIES: MailCountSource = (accountId, from, end) => sql`
  select t.day::timestamp as day, ${sql.join(COUNTED_EVENTS.map((type) => sql`sum(t.n) filter (where t.type = ${type}) as ${sql.ref(type)}`))}
  from email_event_tally t
  where t.account_id = ${accountId} and t.day >= ${from.toISOString().slice(0, 10)}::date and t.day < ${end.toISOString().slice(0, 10)}::date
  group by t.day`;

/** Mail analytics over `email_event_tally` (or, given `MAIL_EVENT_SCAN`, over `email_event`; docs/mail.md, "Analytics"). */
export class MikroOrmMailAnalytics implements MailAnalytics {
  constructor(
    private readonly database: Database,
    private readonly source: MailCountSource = MAIL_EVENT_TALLIES,
  ) {}

  /**
   * One statement: the account's events in the window counted per UTC day, every day of the window
   * present (generate_series, zeros where nothing happened), and the totals as the rollup's row
   * (day null). Only the counts come back, never the events.
   */
  async daily(accountId: string, from: Date, days: number): Promise<{ days: readonly DailyCounts[]; totals: MailCounts }> {
    const end = new Date(from.getTime() + days * DAY_MS);
    const lastDay = new Date(end.getTime() - DAY_MS);
    const { rows } = await sql<CountsRow>`
      with counted as (${this.source(accountId, from, end)})
      select to_char(days.day, 'YYYY-MM-DD') as day, ${SUMS}
      from generate_series(${from.toISOString().slice(0, 10)}::timestamp, ${lastDay.toISOString().slice(0, 10)}::timestamp, interval '1 day') as days (day)
      left join counted c on c.day = days.day
      group by rollup (days.day)
      order by days.day nulls last`.execute(this.database.query);
    const totals = rows.at(-1)!;
    return { days: rows.slice(0, -1).map((row) => ({ day: row.day!, counts: countsOf(row) })), totals: countsOf(totals) };
  }
}
