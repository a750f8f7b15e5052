import type { ApiRequestCounts } from '@tuma/links';
import type { Database } from '../database/database.ts';

/** One flush, one statement: every account's requests added to its month, the totals returned. */
const ADD = `
  insert into link_api_usage (account_id, month, requests)
  select r.account_id, ?, r.requests from jsonb_to_recordset(?::jsonb) as r(account_id text, requests bigint)
  on conflict (account_id, month) do update set requests = link_api_usage.requests + excluded.requests
  returning account_id, requests::text as requests`;

/** API request counts in `link_api_usage` (account, month). */
export class MikroOrmApiRequestCounts implements ApiRequestCounts {
  constructor(private readonly database: Database) {}

  async add(month: string, increments: ReadonlyMap<string, number>): Promise<ReadonlyMap<string, number>> {
    if (increments.size === 0) return new Map();
    const rows = await this.database.em.execute<{ account_id: string; requests: string }[]>(ADD, [month, JSON.stringify([...increments].map(([account_id, requests]) => ({ account_id, requests })))]);
    return new Map(rows.map((row) => [row.account_id, Number(row.requests)]));
  }

  async countOf(month: string, accountId: string): Promise<number> {
    const [row] = await this.database.em.execute<{ requests: string }[]>('select requests::text as requests from link_api_usage where account_id = ? and month = ?', [accountId, month]);
    return row ? Number(row.requests) : 0;
  }
}
