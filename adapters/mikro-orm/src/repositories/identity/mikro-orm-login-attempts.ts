import { LOGIN_THROTTLE, type LoginAttempts } from '@tuma/identity';
import type { Database } from '../../database/database.ts';

/**
 * Failed logins in `login_failure`, one row per counter key and failure. Rows older than the
 * throttle's window count for nothing: each failure recorded deletes those (through the index on
 * `at`), so the table holds about one window of failures without a purge job.
 */
const RECORD = `
  with purged as (delete from login_failure where at <= ?::timestamptz)
  insert into login_failure (key, at) select key, ?::timestamptz from jsonb_array_elements_text(?::jsonb) as key`;

export class MikroOrmLoginAttempts implements LoginAttempts {
  constructor(private readonly database: Database) {}

  async recordFailure(keys: readonly string[], at: Date): Promise<void> {
    const windowStart = new Date(at.getTime() - LOGIN_THROTTLE.windowMs);
    await this.database.em.execute(RECORD, [windowStart.toISOString(), at.toISOString(), JSON.stringify(keys)], 'run');
  }

  async recentFailures(key: string, since: Date, limit: number): Promise<Date[]> {
    const rows = await this.database.em.execute<{ at: string }[]>('select at::text as at from login_failure where key = ? and at > ?::timestamptz order by at desc limit ?', [
      key,
      since.toISOString(),
      limit,
    ]);
    return rows.map((row) => new Date(row.at));
  }

  async clear(key: string): Promise<void> {
    await this.database.em.execute('delete from login_failure where key = ?', [key], 'run');
  }
}
