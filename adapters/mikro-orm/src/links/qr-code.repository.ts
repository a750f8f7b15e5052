import type { Selectable } from 'kysely';
import type { LinkEnvironment, QrCodeRepository, QrCodeSnapshot } from '@tuma/links';
import type { Database } from '../database/database.ts';
import type { LinkQrCodeTable } from '../database/tables.ts';

const qrCodeOf = (row: Selectable<LinkQrCodeTable>): QrCodeSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  environment: row.environment as LinkEnvironment,
  linkId: row.link_id,
  targetUrl: row.target_url,
  label: row.label,
  fgColor: row.fg_color,
  bgColor: row.bg_color,
  createdAt: new Date(row.created_at),
});

/** QR codes in `link_qr_code`, one statement per read and write. */
export class MikroOrmQrCodeRepository implements QrCodeRepository {
  constructor(private readonly database: Database) {}

  async add(c: QrCodeSnapshot): Promise<void> {
    await this.database.query
      .insertInto('link_qr_code')
      .values({ id: c.id, account_id: c.accountId, environment: c.environment, link_id: c.linkId, target_url: c.targetUrl, label: c.label, fg_color: c.fgColor, bg_color: c.bgColor, created_at: c.createdAt })
      .execute();
  }

  async find(accountId: string, environment: LinkEnvironment, id: string): Promise<QrCodeSnapshot | undefined> {
    const row = await this.database.query.selectFrom('link_qr_code').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('environment', '=', environment).executeTakeFirst();
    return row && qrCodeOf(row);
  }

  async list(accountId: string, environment: LinkEnvironment, page: { readonly limit: number; readonly offset: number }): Promise<readonly QrCodeSnapshot[]> {
    const rows = await this.database.query.selectFrom('link_qr_code').selectAll().where('account_id', '=', accountId).where('environment', '=', environment).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
    return rows.map(qrCodeOf);
  }

  async remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('link_qr_code').where('id', '=', id).where('account_id', '=', accountId).where('environment', '=', environment).executeTakeFirst();
    return removed.numDeletedRows === 1n;
  }
}
