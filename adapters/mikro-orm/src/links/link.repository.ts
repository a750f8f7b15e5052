import { sql, type Selectable } from 'kysely';
import type { LinkEnvironment, LinkListFilter, LinkRepository, LinkSnapshot } from '@tuma/links';
import type { Database } from '../database/database.ts';
import type { LinkTable } from '../database/tables.ts';

const linkOf = (row: Selectable<LinkTable>): LinkSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  environment: row.environment as LinkEnvironment,
  domainId: row.domain_id,
  slug: row.slug,
  url: row.url,
  campaignId: row.campaign_id,
  title: row.title,
  tags: row.tags as string[],
  expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
  expiredUrl: row.expired_url,
  passwordHash: row.password_hash,
  utm: row.utm as LinkSnapshot['utm'],
  clicks: Number(row.clicks),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** The key of the slug's unique index (the default domain's links have no domain_id). */
const domainKey = (link: 'link' | 'other') => sql<string>`coalesce(${sql.ref(`${link}.domain_id`)}, '')`;

/** `like` pattern of a literal text: its own %, _ and \ escaped. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Links in `link`: a slug once per domain (the unique index answers a taken one), one statement per read and write. */
export class MikroOrmLinkRepository implements LinkRepository {
  constructor(private readonly database: Database) {}

  async add(l: LinkSnapshot): Promise<boolean> {
    const added = await this.database.query
      .insertInto('link')
      .values({
        id: l.id, account_id: l.accountId, environment: l.environment, domain_id: l.domainId, slug: l.slug, url: l.url, campaign_id: l.campaignId, title: l.title,
        tags: JSON.stringify(l.tags), expires_at: l.expiresAt, expired_url: l.expiredUrl, password_hash: l.passwordHash, utm: JSON.stringify(l.utm), created_at: l.createdAt, updated_at: l.updatedAt,
      })
      .onConflict((oc) => oc.expression(sql`coalesce(domain_id, ''), slug`).doNothing())
      .returning('id')
      .execute();
    return added.length === 1;
  }

  async save(l: LinkSnapshot): Promise<boolean> {
    // A slug taken meanwhile: the update is skipped rather than failing on the unique index.
    const saved = await this.database.query
      .updateTable('link')
      .set({ slug: l.slug, url: l.url, campaign_id: l.campaignId, title: l.title, tags: JSON.stringify(l.tags), expires_at: l.expiresAt, expired_url: l.expiredUrl, password_hash: l.passwordHash, utm: JSON.stringify(l.utm), updated_at: l.updatedAt })
      .where('id', '=', l.id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('link as other').select(sql.lit(1).as('one')).where(domainKey('other'), '=', domainKey('link')).where('other.slug', '=', l.slug).whereRef('other.id', '<>', 'link.id'))),
      )
      .executeTakeFirst();
    return saved.numUpdatedRows === 1n;
  }

  async find(accountId: string, environment: LinkEnvironment, id: string): Promise<LinkSnapshot | undefined> {
    const row = await this.database.query.selectFrom('link').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('environment', '=', environment).executeTakeFirst();
    return row && linkOf(row);
  }

  async findBySlug(domainId: string | null, slug: string): Promise<LinkSnapshot | undefined> {
    const row = await this.database.query.selectFrom('link').selectAll().where(domainKey('link'), '=', domainId ?? '').where('slug', '=', slug).executeTakeFirst();
    return row && linkOf(row);
  }

  async list(accountId: string, environment: LinkEnvironment, filter: LinkListFilter): Promise<readonly LinkSnapshot[]> {
    const { q, campaignId, tag } = filter;
    let query = this.database.query.selectFrom('link').selectAll().where('account_id', '=', accountId).where('environment', '=', environment);
    if (q) {
      const pattern = containing(q);
      query = query.where((eb) => eb.or([eb('slug', 'ilike', pattern), eb('url', 'ilike', pattern), eb('title', 'ilike', pattern)]));
    }
    if (campaignId) query = query.where('campaign_id', '=', campaignId);
    if (tag) query = query.where('tags', '@>', sql`${JSON.stringify([tag])}::jsonb`);
    return (await query.orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute()).map(linkOf);
  }

  async remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('link').where('id', '=', id).where('account_id', '=', accountId).where('environment', '=', environment).executeTakeFirst();
    return removed.numDeletedRows === 1n;
  }
}
