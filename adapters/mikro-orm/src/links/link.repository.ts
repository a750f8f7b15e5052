import type { LinkEnvironment, LinkListFilter, LinkRepository, LinkSnapshot } from '@tuma/links';
import type { Database } from '../database/database.ts';

interface LinkRow {
  readonly id: string;
  readonly account_id: string;
  readonly environment: LinkEnvironment;
  readonly domain_id: string | null;
  readonly slug: string;
  readonly url: string;
  readonly campaign_id: string | null;
  readonly title: string | null;
  readonly tags: string;
  readonly expires_at: string | null;
  readonly expired_url: string | null;
  readonly password_hash: string | null;
  readonly utm: string;
  readonly clicks: string;
  readonly created_at: string;
  readonly updated_at: string;
}

const COLUMNS = `id, account_id, environment, domain_id, slug, url, campaign_id, title, tags::text as tags, expires_at::text as expires_at, expired_url,
  password_hash, utm::text as utm, clicks::text as clicks, created_at::text as created_at, updated_at::text as updated_at`;

const dateOrNull = (text: string | null): Date | null => (text === null ? null : new Date(text));

const fromRow = (row: LinkRow): LinkSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  environment: row.environment,
  domainId: row.domain_id,
  slug: row.slug,
  url: row.url,
  campaignId: row.campaign_id,
  title: row.title,
  tags: JSON.parse(row.tags) as string[],
  expiresAt: dateOrNull(row.expires_at),
  expiredUrl: row.expired_url,
  passwordHash: row.password_hash,
  utm: JSON.parse(row.utm) as LinkSnapshot['utm'],
  clicks: Number(row.clicks),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** `like` pattern of a literal text: its own %, _ and \ escaped. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Links in `link`: a slug once per domain (the unique index answers a taken one), one statement per read and write. */
export class MikroOrmLinkRepository implements LinkRepository {
  constructor(private readonly database: Database) {}

  async add(l: LinkSnapshot): Promise<boolean> {
    const added = await this.database.em.execute<{ id: string }[]>(
      `insert into link (id, account_id, environment, domain_id, slug, url, campaign_id, title, tags, expires_at, expired_url, password_hash, utm, clicks, created_at, updated_at)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::timestamptz, ?, ?, ?::jsonb, 0, ?::timestamptz, ?::timestamptz)
        on conflict (coalesce(domain_id, ''), slug) do nothing returning id`,
      [l.id, l.accountId, l.environment, l.domainId, l.slug, l.url, l.campaignId, l.title, JSON.stringify(l.tags), l.expiresAt?.toISOString() ?? null, l.expiredUrl, l.passwordHash, JSON.stringify(l.utm), l.createdAt.toISOString(), l.updatedAt.toISOString()],
    );
    return added.length === 1;
  }

  async save(l: LinkSnapshot): Promise<boolean> {
    // A slug taken meanwhile: the update is skipped rather than failing on the unique index.
    const saved = await this.database.em.execute<{ id: string }[]>(
      `update link set slug = ?, url = ?, campaign_id = ?, title = ?, tags = ?::jsonb, expires_at = ?::timestamptz, expired_url = ?, password_hash = ?, utm = ?::jsonb, updated_at = ?::timestamptz
        where id = ? and not exists (select 1 from link other where coalesce(other.domain_id, '') = coalesce(link.domain_id, '') and other.slug = ? and other.id <> link.id)
        returning id`,
      [l.slug, l.url, l.campaignId, l.title, JSON.stringify(l.tags), l.expiresAt?.toISOString() ?? null, l.expiredUrl, l.passwordHash, JSON.stringify(l.utm), l.updatedAt.toISOString(), l.id, l.slug],
    );
    return saved.length === 1;
  }

  async find(accountId: string, environment: LinkEnvironment, id: string): Promise<LinkSnapshot | undefined> {
    return (await this.rows(`select ${COLUMNS} from link where id = ? and account_id = ? and environment = ?`, [id, accountId, environment]))[0];
  }

  async findBySlug(domainId: string | null, slug: string): Promise<LinkSnapshot | undefined> {
    return (await this.rows(`select ${COLUMNS} from link where coalesce(domain_id, '') = ? and slug = ?`, [domainId ?? '', slug]))[0];
  }

  list(accountId: string, environment: LinkEnvironment, filter: LinkListFilter): Promise<readonly LinkSnapshot[]> {
    const where = ['account_id = ?', 'environment = ?'];
    const values: unknown[] = [accountId, environment];
    if (filter.q) {
      where.push('(slug ilike ? or url ilike ? or title ilike ?)');
      const pattern = containing(filter.q);
      values.push(pattern, pattern, pattern);
    }
    if (filter.campaignId) {
      where.push('campaign_id = ?');
      values.push(filter.campaignId);
    }
    if (filter.tag) {
      where.push('tags @> ?::jsonb');
      values.push(JSON.stringify([filter.tag]));
    }
    return this.rows(`select ${COLUMNS} from link where ${where.join(' and ')} order by id desc limit ? offset ?`, [...values, filter.limit, filter.offset]);
  }

  async remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>('delete from link where id = ? and account_id = ? and environment = ? returning id', [id, accountId, environment])).length === 1;
  }

  private async rows(sql: string, values: unknown[]): Promise<LinkSnapshot[]> {
    return (await this.database.em.execute<LinkRow[]>(sql, values)).map(fromRow);
  }
}
