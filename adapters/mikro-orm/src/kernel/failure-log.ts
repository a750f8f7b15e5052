import { sql } from 'kysely';
import { FAILURE_RETENTION_MS, type FailureLog } from '@tuma/kernel';
import type { Database } from '../database/database.ts';
import { anyOf, textsOf } from '../database/bound-texts.ts';

/**
 * Failed guesses in `guess_failure`, one row per counter key and failure (sign-ins, link passwords
 * and SMTP logins, each key under its product's scope). Rows past the retention count for nothing:
 * each failure recorded deletes those (through the index on `at`), so the table holds about a day of
 * failures without a purge job. The keys travel as one JSON parameter.
 */
export class MikroOrmFailureLog implements FailureLog {
  constructor(private readonly database: Database) {}

  /** Each key's newest failures, through the index on (key, at desc): one statement for every key. */
  async recent(keys: readonly string[], since: Date, limit: number): Promise<Date[][]> {
    const { rows } = await sql<{ position: number; times: string[] }>`
      select keys.ordinality::int as position, coalesce(array_agg(newest.at::text order by newest.at desc) filter (where newest.at is not null), '{}') as times
      from ${textsOf(keys)} with ordinality as keys (key, ordinality)
      left join lateral (select at from guess_failure where guess_failure.key = keys.key and at > ${since.toISOString()}::timestamptz order by at desc limit ${limit}) newest on true
      group by keys.ordinality`.execute(this.database.query);
    const byPosition = new Map(rows.map((row) => [row.position, row.times.map((time) => new Date(time))]));
    return keys.map((_, index) => byPosition.get(index + 1) ?? []);
  }

  async record(keys: readonly string[], at: Date): Promise<void> {
    const retainedFrom = new Date(at.getTime() - FAILURE_RETENTION_MS);
    await sql`
      with purged as (delete from guess_failure where at <= ${retainedFrom.toISOString()}::timestamptz)
      insert into guess_failure (key, at) select key, ${at.toISOString()}::timestamptz from ${textsOf(keys)} as key`.execute(this.database.query);
  }

  /** One row of each key at that time (two guesses may share a microsecond: either row will do). */
  async forget(keys: readonly string[], at: Date): Promise<void> {
    await sql`
      delete from guess_failure where ctid in (
        select distinct on (key) ctid from guess_failure where key = ${anyOf(keys)} and at = ${at.toISOString()}::timestamptz)`.execute(this.database.query);
  }

  async clear(key: string): Promise<void> {
    await this.database.query.deleteFrom('guess_failure').where('key', '=', key).execute();
  }
}
