import type { LinkEnvironment, LinkWebhookEventType, LinkWebhookRepository, LinkWebhookSnapshot } from '@tuma/links';
import type { SecretCipher } from '@tuma/webhooks';
import type { Database } from '../database/database.ts';

interface LinkWebhookRow {
  id: string;
  account_id: string;
  environment: LinkEnvironment;
  url: string;
  events: LinkWebhookEventType[] | string;
  secret_sealed: string;
  is_active: boolean;
  created_at: Date | string;
}

const COLUMNS = 'id, account_id, environment, url, events, secret_sealed, is_active, created_at';

/** The secret is sealed for its webhook: a sealed value copied to another row does not open. */
const sealedFor = (webhook: { readonly id: string; readonly accountId: string; readonly environment: string }): string => `link_webhook:${webhook.accountId}:${webhook.environment}:${webhook.id}`;

/** Click webhooks in `link_webhook`; each signing secret sealed with the cipher, as mail's are. */
export class MikroOrmLinkWebhookRepository implements LinkWebhookRepository {
  constructor(
    private readonly database: Database,
    private readonly cipher: SecretCipher,
  ) {}

  async add(w: LinkWebhookSnapshot): Promise<void> {
    await this.database.em.execute(
      `insert into link_webhook (${COLUMNS}) values (?, ?, ?, ?, ?::jsonb, ?, ?, ?::timestamptz)`,
      [w.id, w.accountId, w.environment, w.url, JSON.stringify(w.events), this.cipher.seal(w.secret, sealedFor(w)), w.isActive, w.createdAt.toISOString()],
      'run',
    );
  }

  async find(accountId: string, environment: LinkEnvironment, id: string): Promise<LinkWebhookSnapshot | undefined> {
    return (await this.rows(`select ${COLUMNS} from link_webhook where id = ? and account_id = ? and environment = ?`, [id, accountId, environment]))[0];
  }

  ofAccounts(accountIds: readonly string[]): Promise<readonly LinkWebhookSnapshot[]> {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.rows(`select ${COLUMNS} from link_webhook where account_id = any (array(select jsonb_array_elements_text(?::jsonb))) order by id`, [JSON.stringify(accountIds)]);
  }

  async remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>('delete from link_webhook where id = ? and account_id = ? and environment = ? returning id', [id, accountId, environment])).length === 1;
  }

  private async rows(sql: string, values: unknown[]): Promise<LinkWebhookSnapshot[]> {
    return (await this.database.em.execute<LinkWebhookRow[]>(sql, values)).map((row) => ({
      id: row.id,
      accountId: row.account_id,
      environment: row.environment,
      url: row.url,
      events: typeof row.events === 'string' ? JSON.parse(row.events) : row.events,
      secret: this.cipher.open(row.secret_sealed, sealedFor({ id: row.id, accountId: row.account_id, environment: row.environment })),
      isActive: row.is_active,
      createdAt: new Date(row.created_at),
    }));
  }
}
