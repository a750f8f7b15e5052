import { sql, type Selectable } from 'kysely';
import type { BrandedDomainRepository, BrandedDomainSnapshot, VerifiedHosts } from '@tuma/links';
import type { Database } from '../database/database.ts';
import type { LinkDomainTable } from '../database/tables.ts';

const domainOf = (row: Selectable<LinkDomainTable>): BrandedDomainSnapshot => ({
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
    const added = await this.database.query
      .insertInto('link_domain')
      .values({ id: d.id, account_id: d.accountId, hostname: d.hostname, verify_token: d.verifyToken, verified: d.verified, tls_ready: d.tlsReady, verified_at: d.verifiedAt, created_at: d.createdAt })
      .onConflict((oc) => oc.column('hostname').doNothing())
      .returning('id')
      .execute();
    return added.length === 1;
  }

  async save(d: BrandedDomainSnapshot): Promise<void> {
    await this.database.query.updateTable('link_domain').set({ verified: d.verified, tls_ready: d.tlsReady, verified_at: d.verifiedAt }).where('id', '=', d.id).execute();
  }

  async find(accountId: string, id: string): Promise<BrandedDomainSnapshot | undefined> {
    const row = await this.database.query.selectFrom('link_domain').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row && domainOf(row);
  }

  async list(accountId: string): Promise<readonly BrandedDomainSnapshot[]> {
    return (await this.database.query.selectFrom('link_domain').selectAll().where('account_id', '=', accountId).orderBy('id').execute()).map(domainOf);
  }

  async verifiedHosts(): Promise<VerifiedHosts> {
    const rows = await this.database.query.selectFrom('link_domain').select(['id', 'hostname']).where(sql<boolean>`verified`).execute();
    return { byHostname: new Map(rows.map((row) => [row.hostname, row.id])), byId: new Map(rows.map((row) => [row.id, row.hostname])) };
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('link_domain').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return removed.numDeletedRows === 1n;
  }
}
