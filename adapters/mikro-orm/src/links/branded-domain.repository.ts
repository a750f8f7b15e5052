import type { BrandedDomainRepository, BrandedDomainSnapshot, VerifiedHosts } from '@tuma/links';
import type { Database } from '../database/database.ts';

interface DomainRow {
  readonly id: string;
  readonly account_id: string;
  readonly hostname: string;
  readonly verify_token: string;
  readonly verified: boolean;
  readonly tls_ready: boolean;
  readonly verified_at: string | null;
  readonly created_at: string;
}

const COLUMNS = 'id, account_id, hostname, verify_token, verified, tls_ready, verified_at::text as verified_at, created_at::text as created_at';

const fromRow = (row: DomainRow): BrandedDomainSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  hostname: row.hostname,
  verifyToken: row.verify_token,
  verified: row.verified,
  tlsReady: row.tls_ready,
  verifiedAt: row.verified_at === null ? null : new Date(row.verified_at),
  createdAt: new Date(row.created_at),
});

/** Branded domains in `link_domain`: the unique hostname index answers a taken one; a link's domain_id cascades on delete. */
export class MikroOrmBrandedDomainRepository implements BrandedDomainRepository {
  constructor(private readonly database: Database) {}

  async add(d: BrandedDomainSnapshot): Promise<boolean> {
    const added = await this.database.em.execute<{ id: string }[]>(
      `insert into link_domain (id, account_id, hostname, verify_token, verified, tls_ready, verified_at, created_at)
        values (?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz) on conflict (hostname) do nothing returning id`,
      [d.id, d.accountId, d.hostname, d.verifyToken, d.verified, d.tlsReady, d.verifiedAt?.toISOString() ?? null, d.createdAt.toISOString()],
    );
    return added.length === 1;
  }

  async save(d: BrandedDomainSnapshot): Promise<void> {
    await this.database.em.execute('update link_domain set verified = ?, tls_ready = ?, verified_at = ?::timestamptz where id = ?', [d.verified, d.tlsReady, d.verifiedAt?.toISOString() ?? null, d.id], 'run');
  }

  async find(accountId: string, id: string): Promise<BrandedDomainSnapshot | undefined> {
    const [row] = await this.database.em.execute<DomainRow[]>(`select ${COLUMNS} from link_domain where id = ? and account_id = ?`, [id, accountId]);
    return row && fromRow(row);
  }

  async list(accountId: string): Promise<readonly BrandedDomainSnapshot[]> {
    return (await this.database.em.execute<DomainRow[]>(`select ${COLUMNS} from link_domain where account_id = ? order by id`, [accountId])).map(fromRow);
  }

  async verifiedHosts(): Promise<VerifiedHosts> {
    const rows = await this.database.em.execute<{ id: string; hostname: string }[]>('select id, hostname from link_domain where verified');
    return { byHostname: new Map(rows.map((row) => [row.hostname, row.id])), byId: new Map(rows.map((row) => [row.id, row.hostname])) };
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>('delete from link_domain where id = ? and account_id = ? returning id', [id, accountId])).length === 1;
  }
}
