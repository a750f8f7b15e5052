/**
 * Partitions, the other way to reports at scale, measured beside the tallies: a copy of `message`
 * partitioned by UTC day of `created_at` (one partition per day of the bench's 120, and one for
 * anything else), with the reports' index, read by the reports' own statements through a
 * `TallySource` of its rows. A window then scans only its days' partitions.
 */
import { sql } from 'kysely';
import type pg from 'pg';
import type { TallySource } from '@tuma/mikro-orm-adapter';
import { MESSAGE_SCAN } from '@tuma/mikro-orm-adapter';

const DAY_MS = 86_400_000;

/** Copies every message into `message_by_day`; the seconds it took. */
export async function partitionedCopy(client: pg.Client, days: number): Promise<number> {
  const started = performance.now();
  await client.query(`create table message_by_day (like message including defaults) partition by range (created_at)`);
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  for (let day = today - days * DAY_MS; day <= today; day += DAY_MS) {
    const [from, to] = [new Date(day).toISOString(), new Date(day + DAY_MS).toISOString()];
    await client.query(`create table message_by_day_${from.slice(0, 10).replaceAll('-', '')} partition of message_by_day for values from ('${from}') to ('${to}')`);
  }
  await client.query('create table message_by_day_other partition of message_by_day default');
  await client.query('insert into message_by_day select * from message');
  await client.query('create index on message_by_day (account_id, environment, created_at desc, id desc)');
  await client.query('analyze message_by_day');
  return (performance.now() - started) / 1000;
}

/** The scan's statements over `message_by_day`, pruned to the window's days. */
export const PARTITION_SCAN: TallySource = {
  rows: (scope, window) => sql`(select m.*, (m.created_at at time zone 'UTC')::date as day from message_by_day m
    where m.account_id = ${scope.accountId} and m.environment = ${scope.environment}
      and m.created_at >= ${window.from.toISOString()}::timestamptz and m.created_at < ${window.to.toISOString()}::timestamptz) m`,
  aggregates: MESSAGE_SCAN.aggregates,
};
