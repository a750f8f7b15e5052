import type { Selectable } from 'kysely';
import type { LinkEnvironment, LinkWebhookEventType, LinkWebhookRepository, LinkWebhookSnapshot } from '@tuma/links';
import type { SecretCipher } from '@tuma/webhooks';
import type { Database } from '../database/database.ts';
import type { LinkWebhookTable } from '../database/tables.ts';
import { anyOf } from '../database/bound-texts.ts';

/** The secret is sealed for its webhook: a sealed value copied to another row does not open. */
const sealedFor = (webhook: { readonly id: string; readonly accountId: string; readonly environment: string }): string => `link_webhook:${webhook.accountId}:${webhook.environment}:${webhook.id}`;

/** Click webhooks in `link_webhook`; each signing secret sealed with the cipher, as mail's are. */
export class MikroOrmLinkWebhookRepository implements LinkWebhookRepository {
  constructor(
    private readonly database: Database,
    private readonly cipher: SecretCipher,
  ) {}

  async add(w: LinkWebhookSnapshot): Promise<void> {
    await this.database.query
      .insertInto('link_webhook')
      .values({ id: w.id, account_id: w.accountId, environment: w.environment, url: w.url, events: JSON.stringify(w.events), secret_sealed: this.cipher.seal(w.secret, sealedFor(w)), is_active: w.isActive, created_at: w.createdAt })
      .execute();
  }

  async find(accountId: string, environment: LinkEnvironment, id: string): Promise<LinkWebhookSnapshot | undefined> {
    const row = await this.database.query.selectFrom('link_webhook').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('environment', '=', environment).executeTakeFirst();
    return row && this.webhookOf(row);
  }

  async ofAccounts(accountIds: readonly string[]): Promise<readonly LinkWebhookSnapshot[]> {
    if (accountIds.length === 0) return [];
    const rows = await this.database.query
      .selectFrom('link_webhook')
      .selectAll()
      .where('account_id', '=', anyOf(accountIds))
      .orderBy('id')
      .execute();
    return rows.map((row) => this.webhookOf(row));
  }

  async remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean> {
    const removed = await this.database.query.deleteFrom('link_webhook').where('id', '=', id).where('account_id', '=', accountId).where('environment', '=', environment).executeTakeFirst();
    return removed.numDeletedRows === 1n;
  }

  private webhookOf(row: Selectable<LinkWebhookTable>): LinkWebhookSnapshot {
    return {
      id: row.id,
      accountId: row.account_id,
      environment: row.environment as LinkEnvironment,
      url: row.url,
      events: row.events as LinkWebhookEventType[],
      secret: this.cipher.open(row.secret_sealed, sealedFor({ id: row.id, accountId: row.account_id, environment: row.environment })),
      isActive: row.is_active,
      createdAt: new Date(row.created_at),
    };
  }
}
