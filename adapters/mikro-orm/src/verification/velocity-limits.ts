import { sql, type Selectable } from 'kysely';
import { decisionsInOrder, startsPerCounter, type CountedWindow, type VelocityCounter, type VelocityDecision, type VelocityLimits } from '@tuma/verification';
import type { Database } from '../database/database.ts';
import type { VerifyVelocityTable } from '../database/tables.ts';

/** The fraud guards' counters in `verify_velocity` (unlogged: a crash forgets at most one window). */
export class MikroOrmVelocityLimits implements VelocityLimits {
  constructor(private readonly database: Database) {}

  /**
   * One statement counts a batch of starts on every counter of the current window, on the database's
   * clock (every API process shares the counts and the windows), and drops the counters' older
   * windows through the primary key. Each counter's row is written once with the batch's starts on
   * it, the rows in key order (two processes' batches never wait on each other in a cycle).
   */
  async take(starts: readonly (readonly VelocityCounter[])[], windowSeconds: number): Promise<VelocityDecision[]> {
    const perKey = startsPerCounter(starts);
    if (perKey.size === 0) return starts.map(() => ({ allowed: true }));
    const batch = [...perKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, n], o) => ({ key, n, o }));
    const { rows } = await sql<Pick<Selectable<VerifyVelocityTable>, 'key' | 'count'> & { retry_after: string }>`
      with now_s as (select floor(extract(epoch from clock_timestamp()))::bigint as s),
      current as (select (select s from now_s) / ${windowSeconds} * ${windowSeconds} as window_start),
      counted as (
        insert into verify_velocity (key, window_start, count)
        select c.key, (select window_start from current), c.n from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as c(key text, n int, o int) order by c.o
        on conflict (key, window_start) do update set count = verify_velocity.count + excluded.count
        returning key, window_start, count
      ),
      dropped as (delete from verify_velocity v where v.key = any (array(select c.key from counted c)) and v.window_start < (select window_start from current))
      select c.key, c.count, c.window_start + ${windowSeconds} - (select s from now_s) as retry_after from counted c`.execute(this.database.query);
    const counted = new Map<string, CountedWindow>(rows.map((row) => [row.key, { count: row.count, retryAfter: Math.max(1, Number(row.retry_after)) }]));
    return decisionsInOrder(starts, counted);
  }
}
