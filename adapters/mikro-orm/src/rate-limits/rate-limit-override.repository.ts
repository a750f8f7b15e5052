import { RateLimitPolicy, type RateLimitOverrideRepository } from '@tuma/rate-limits';
import type { Database } from '../database/database.ts';

interface Row {
  readonly account_id: string;
  readonly per_second: number;
  readonly burst: number;
}

const UPSERT = `
  insert into account_rate_limit (account_id, per_second, burst, updated_at) values (?, ?, ?, ?::timestamptz)
  on conflict (account_id) do update set per_second = excluded.per_second, burst = excluded.burst, updated_at = excluded.updated_at`;

const toPolicy = (row: Row): RateLimitPolicy => RateLimitPolicy.rehydrate({ perSecond: row.per_second, burst: row.burst });

/** The operator's per-account rate limits, in `account_rate_limit`. */
export class MikroOrmRateLimitOverrideRepository implements RateLimitOverrideRepository {
  constructor(private readonly database: Database) {}

  async find(accountId: string): Promise<RateLimitPolicy | undefined> {
    const rows = await this.database.em.execute<Row[]>('select account_id, per_second, burst from account_rate_limit where account_id = ?', [accountId]);
    return rows[0] ? toPolicy(rows[0]) : undefined;
  }

  async all(): Promise<ReadonlyMap<string, RateLimitPolicy>> {
    const rows = await this.database.em.execute<Row[]>('select account_id, per_second, burst from account_rate_limit');
    return new Map(rows.map((row) => [row.account_id, toPolicy(row)]));
  }

  async save(accountId: string, policy: RateLimitPolicy | undefined, at: Date): Promise<void> {
    if (policy) await this.database.em.execute(UPSERT, [accountId, policy.perSecond, policy.burst, at.toISOString()]);
    else await this.database.em.execute('delete from account_rate_limit where account_id = ?', [accountId]);
  }
}
