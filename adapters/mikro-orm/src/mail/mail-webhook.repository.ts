import type { MailWebhookEventType, MailWebhookRepository, MailWebhookSnapshot } from '@tuma/mail';
import type { SecretCipher } from '@tuma/webhooks';
import type { Database } from '../database/database.ts';

interface MailWebhookRow {
  id: string;
  account_id: string;
  url: string;
  events: MailWebhookEventType[] | string;
  secret_sealed: string;
  is_active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, account_id, url, events, secret_sealed, is_active, created_at, updated_at';

const UPSERT = `insert into mail_webhook (${COLUMNS}) values (?, ?, ?, ?::jsonb, ?, ?, ?::timestamptz, ?::timestamptz)
  on conflict (id) do update set url = excluded.url, events = excluded.events, is_active = excluded.is_active, updated_at = excluded.updated_at`;

/** The secret is sealed for its webhook: a sealed value copied to another row does not open. */
const sealedFor = (webhook: { readonly id: string; readonly accountId: string }): string => `mail_webhook:${webhook.accountId}:${webhook.id}`;

/** Mail webhooks in `mail_webhook`; each signing secret sealed with the cipher, as SMS's are. */
export class MikroOrmMailWebhookRepository implements MailWebhookRepository {
  constructor(
    private readonly database: Database,
    private readonly cipher: SecretCipher,
  ) {}

  async add(webhook: MailWebhookSnapshot): Promise<void> {
    await this.database.em.execute(UPSERT, this.values(webhook), 'run');
  }

  async save(webhook: MailWebhookSnapshot): Promise<void> {
    await this.database.em.execute(UPSERT, this.values(webhook), 'run');
  }

  async find(accountId: string, id: string): Promise<MailWebhookSnapshot | undefined> {
    return (await this.rows(`select ${COLUMNS} from mail_webhook where id = ? and account_id = ?`, [id, accountId]))[0];
  }

  ofAccounts(accountIds: readonly string[]): Promise<readonly MailWebhookSnapshot[]> {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.rows(`select ${COLUMNS} from mail_webhook where account_id = any (array(select jsonb_array_elements_text(?::jsonb))) order by id`, [JSON.stringify(accountIds)]);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>('delete from mail_webhook where id = ? and account_id = ? returning id', [id, accountId])).length === 1;
  }

  private values(w: MailWebhookSnapshot): unknown[] {
    return [w.id, w.accountId, w.url, JSON.stringify(w.events), this.cipher.seal(w.secret, sealedFor(w)), w.isActive, w.createdAt.toISOString(), w.updatedAt.toISOString()];
  }

  private async rows(sql: string, values: unknown[]): Promise<MailWebhookSnapshot[]> {
    return (await this.database.em.execute<MailWebhookRow[]>(sql, values)).map((row) => ({
      id: row.id,
      accountId: row.account_id,
      url: row.url,
      events: typeof row.events === 'string' ? JSON.parse(row.events) : row.events,
      secret: this.cipher.open(row.secret_sealed, sealedFor({ id: row.id, accountId: row.account_id })),
      isActive: row.is_active,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    }));
  }
}
