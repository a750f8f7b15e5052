import type { VelocityCounter, VelocityDecision, VelocityLimits } from '@tuma/verification';
import type { Database } from '../../database/database.ts';

/**
 * One statement counts a start on every counter of the current window, on the database's clock
 * (every API process shares the counts and the windows), and drops the counters' older windows.
 */
const TAKE = `
  with now_s as (select floor(extract(epoch from clock_timestamp()))::bigint as s),
  counted as (
    insert into verify_velocity (key, window_start, count)
    select c.key, (select s from now_s) / ? * ?, 1 from jsonb_to_recordset(?::jsonb) as c(key text)
    on conflict (key, window_start) do update set count = verify_velocity.count + 1
    returning key, window_start, count
  ),
  dropped as (delete from verify_velocity v using counted c where v.key = c.key and v.window_start < c.window_start)
  select c.key, c.count, c.window_start + ? - (select s from now_s) as retry_after from counted c`;

/** The fraud guards' counters in `verify_velocity` (unlogged: a crash forgets at most one window). */
export class MikroOrmVelocityLimits implements VelocityLimits {
  constructor(private readonly database: Database) {}

  async take(counters: readonly VelocityCounter[], windowSeconds: number): Promise<VelocityDecision> {
    if (counters.length === 0) return { allowed: true };
    const rows = await this.database.em.execute<{ key: string; count: number; retry_after: string | number }[]>(TAKE, [
      windowSeconds,
      windowSeconds,
      JSON.stringify(counters.map(({ key }) => ({ key }))),
      windowSeconds,
    ]);
    const counts = new Map(rows.map((row) => [row.key, row]));
    for (const { key, limit } of counters) {
      const row = counts.get(key);
      if (row && row.count > limit) return { allowed: false, key, retryAfter: Math.max(1, Number(row.retry_after)) };
    }
    return { allowed: true };
  }
}
