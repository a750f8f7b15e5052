import type { LinksUsage } from '@tuma/links';
import type { Database } from '../database/database.ts';

/** Plan usage in one statement: the account's live links and QR codes made since the instant (over their (account, environment, id) indexes). */
export class MikroOrmLinksUsage implements LinksUsage {
  constructor(private readonly database: Database) {}

  async createdSince(accountId: string, since: Date): Promise<{ links: number; qrCodes: number }> {
    const at = since.toISOString();
    const [row] = await this.database.em.execute<{ links: string; qr_codes: string }[]>(
      `select (select count(*) from link where account_id = ? and environment = 'live' and created_at >= ?::timestamptz)::text as links,
              (select count(*) from link_qr_code where account_id = ? and environment = 'live' and created_at >= ?::timestamptz)::text as qr_codes`,
      [accountId, at, accountId, at],
    );
    return { links: Number(row!.links), qrCodes: Number(row!.qr_codes) };
  }
}
