import type { Selectable } from 'kysely';
import type { MailWebhookEventType, MailWebhookRepository, MailWebhookSnapshot } from '@tuma/mail';
import type { SecretCipher } from '@tuma/webhooks';
import type { Database } from '../database/database.ts';
import type { MailWebhookTable } from '../database/tables.ts';
import { anyOf } from '../database/bound-texts.ts';

/** The secret is sealed for its webhook: a sealed value copied to another row does not open. */
const sealedFor = (webhook: { readonly id: string; readonly accountId: string }): string => `mail_webhook:${webhook.accountId}:${webhook.id}`;

/** Mail webhooks in `mail_webhook`; each signing secret sealed with the cipher, as SMS's are. */
export class MikroOrmMailWebhookRepository implements MailWebhookRepository {
  constructor(
    private readonly database: Database,
    private readonly cipher: SecretCipher,
  ) {}

  add(webhook: MailWebhookSnapshot): Promise<void> {
    return this.upsert(webhook);
  }

  save(webhook: MailWebhookSnapshot): Promise<void> {
    return this.upsert(webhook);
  }

  async find(accountId: string, id: string): Promise<MailWebhookSnapshot | undefined> {
    const row = await this.database.query.selectFrom('mail_webhook').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row && this.webhookOf(row);
  }

  /** The account ids travel as one JSON parameter. */
  async ofAccounts(accountIds: readonly string[]): Promise<readonly MailWebhookSnapshot[]> {
    if (accountIds.length === 0) return [];
    const rows = await this.database.query
      .selectFrom('mail_webhook')
      .selectAll()
      .where('account_id', '=', anyOf(accountIds))
      .orderBy('id')
      .execute();
    return rows.map((row) => this.webhookOf(row));
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('mail_webhook').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return removed.numDeletedRows === 1n;
  }

  private async upsert(w: MailWebhookSnapshot): Promise<void> {
    await this.database.query
      .insertInto('mail_webhook')
      .values({ id: w.id, account_id: w.accountId, url: w.url, events: JSON.stringify(w.events), secret_sealed: this.cipher.seal(w.secret, sealedFor(w)), is_active: w.isActive, created_at: w.createdAt, updated_at: w.updatedAt })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({ url: eb.ref('excluded.url'), events: eb.ref('excluded.events'), is_active: eb.ref('excluded.is_active'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute();
  }

  private webhookOf(row: Selectable<MailWebhookTable>): MailWebhookSnapshot {
    return {
      id: row.id,
      accountId: row.account_id,
      url: row.url,
      events: row.events as MailWebhookEventType[],
      secret: this.cipher.open(row.secret_sealed, sealedFor({ id: row.id, accountId: row.account_id })),
      isActive: row.is_active,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    };
  }
}
