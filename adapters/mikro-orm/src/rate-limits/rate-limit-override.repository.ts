import type { Selectable } from 'kysely';
import { RateLimitPolicy, type RateLimitOverrideRepository } from '@tuma/rate-limits';
import type { Database } from '../database/database.ts';
import type { AccountRateLimitTable } from '../database/tables.ts';

const policyOf = (row: Pick<Selectable<AccountRateLimitTable>, 'per_second' | 'burst'>): RateLimitPolicy => RateLimitPolicy.rehydrate({ perSecond: row.per_second, burst: row.burst });

/** The operator's per-account rate limits, in `account_rate_limit`. */
export class MikroOrmRateLimitOverrideRepository implements RateLimitOverrideRepository {
  constructor(private readonly database: Database) {}

  async find(accountId: string): Promise<RateLimitPolicy | undefined> {
    const row = await this.database.query.selectFrom('account_rate_limit').select(['per_second', 'burst']).where('account_id', '=', accountId).executeTakeFirst();
    return row && policyOf(row);
  }

  async all(): Promise<ReadonlyMap<string, RateLimitPolicy>> {
    const rows = await this.database.query.selectFrom('account_rate_limit').select(['account_id', 'per_second', 'burst']).execute();
    return new Map(rows.map((row) => [row.account_id, policyOf(row)]));
  }

  async save(accountId: string, policy: RateLimitPolicy | undefined, at: Date): Promise<void> {
    if (!policy) return void (await this.database.query.deleteFrom('account_rate_limit').where('account_id', '=', accountId).execute());
    await this.database.query
      .insertInto('account_rate_limit')
      .values({ account_id: accountId, per_second: policy.perSecond, burst: policy.burst, updated_at: at })
      .onConflict((conflict) =>
        conflict.column('account_id').doUpdateSet((eb) => ({ per_second: eb.ref('excluded.per_second'), burst: eb.ref('excluded.burst'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute();
  }
}
