import { sql, type Selectable } from 'kysely';
import type { ApiRequestCounts } from '@tuma/links';
import type { Database } from '../database/database.ts';
import type { LinkApiUsageTable } from '../database/tables.ts';

/** API request counts in `link_api_usage` (account, month). */
export class MikroOrmApiRequestCounts implements ApiRequestCounts {
  constructor(private readonly database: Database) {}

  /** One flush, one statement: every account's requests added to its month, the totals returned. */
  async add(month: string, increments: ReadonlyMap<string, number>): Promise<ReadonlyMap<string, number>> {
    if (increments.size === 0) return new Map();
    const batch = JSON.stringify([...increments].map(([account_id, requests]) => ({ account_id, requests })));
    const { rows } = await sql<Pick<Selectable<LinkApiUsageTable>, 'account_id' | 'requests'>>`
      insert into link_api_usage (account_id, month, requests)
      select r.account_id, ${month}, r.requests from jsonb_to_recordset(${batch}::jsonb) as r(account_id text, requests bigint)
      on conflict (account_id, month) do update set requests = link_api_usage.requests + excluded.requests
      returning account_id, requests`.execute(this.database.query);
    return new Map(rows.map((row) => [row.account_id, Number(row.requests)]));
  }

  async countOf(month: string, accountId: string): Promise<number> {
    const row = await this.database.query.selectFrom('link_api_usage').select('requests').where('account_id', '=', accountId).where('month', '=', month).executeTakeFirst();
    return row ? Number(row.requests) : 0;
  }
}
