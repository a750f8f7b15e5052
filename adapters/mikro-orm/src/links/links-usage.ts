import { sql } from 'kysely';
import type { LinksUsage } from '@tuma/links';
import type { Database } from '../database/database.ts';

/** Plan usage in one statement: the account's live links and QR codes made since the instant (over their (account, environment, id) indexes). */
export class MikroOrmLinksUsage implements LinksUsage {
  constructor(private readonly database: Database) {}

  async createdSince(accountId: string, since: Date): Promise<{ links: number; qrCodes: number }> {
    const at = since.toISOString();
    const row = await this.database.query
      .selectNoFrom((eb) => {
        const count = (table: 'link' | 'link_qr_code') =>
          eb.selectFrom(table).select(eb.fn.countAll<string>().as('n')).where('account_id', '=', accountId).where('environment', '=', sql.lit('live')).where('created_at', '>=', at);
        return [count('link').as('links'), count('link_qr_code').as('qr_codes')];
      })
      .executeTakeFirstOrThrow();
    return { links: Number(row.links), qrCodes: Number(row.qr_codes) };
  }
}
