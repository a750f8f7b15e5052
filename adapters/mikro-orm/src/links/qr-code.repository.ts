import type { LinkEnvironment, QrCodeRepository, QrCodeSnapshot } from '@tuma/links';
import type { Database } from '../database/database.ts';

interface QrCodeRow {
  readonly id: string;
  readonly account_id: string;
  readonly environment: LinkEnvironment;
  readonly link_id: string | null;
  readonly target_url: string;
  readonly label: string | null;
  readonly fg_color: string;
  readonly bg_color: string;
  readonly created_at: string;
}

const COLUMNS = 'id, account_id, environment, link_id, target_url, label, fg_color, bg_color, created_at::text as created_at';

const fromRow = (row: QrCodeRow): QrCodeSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  environment: row.environment,
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
    await this.database.em.execute(
      'insert into link_qr_code (id, account_id, environment, link_id, target_url, label, fg_color, bg_color, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz)',
      [c.id, c.accountId, c.environment, c.linkId, c.targetUrl, c.label, c.fgColor, c.bgColor, c.createdAt.toISOString()],
      'run',
    );
  }

  async find(accountId: string, environment: LinkEnvironment, id: string): Promise<QrCodeSnapshot | undefined> {
    return (await this.rows(`select ${COLUMNS} from link_qr_code where id = ? and account_id = ? and environment = ?`, [id, accountId, environment]))[0];
  }

  list(accountId: string, environment: LinkEnvironment, page: { readonly limit: number; readonly offset: number }): Promise<readonly QrCodeSnapshot[]> {
    return this.rows(`select ${COLUMNS} from link_qr_code where account_id = ? and environment = ? order by id desc limit ? offset ?`, [accountId, environment, page.limit, page.offset]);
  }

  async remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>('delete from link_qr_code where id = ? and account_id = ? and environment = ? returning id', [id, accountId, environment])).length === 1;
  }

  private async rows(sql: string, values: unknown[]): Promise<QrCodeSnapshot[]> {
    return (await this.database.em.execute<QrCodeRow[]>(sql, values)).map(fromRow);
  }
}
