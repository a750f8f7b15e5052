import { sql, type Insertable, type Selectable } from 'kysely';
import type { KeyScope, MessageEnvironment, WebhookConfigRepository, WebhookRouting } from '@tuma/messaging';
import type { SecretCipher } from '@tuma/webhooks';
import { scopeKey, WebhookConfig } from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import type { WebhookConfigTable } from '../database/tables.ts';

/**
 * What a sealed secret is bound to: the account id for live (as sealed before environments had
 * configurations of their own), the account and `test` for test, so neither opens in the other's row.
 */
const sealedFor = (owner: KeyScope): string => (owner.environment === 'live' ? owner.accountId : `${owner.accountId}:test`);

/** Webhook configurations in `webhook_config`, one per account and environment; the signing secret is sealed with the cipher. */
export class MikroOrmWebhookConfigRepository implements WebhookConfigRepository {
  constructor(
    private readonly database: Database,
    private readonly cipher: SecretCipher,
  ) {}

  async find(owner: KeyScope, options: { readonly lock?: boolean } = {}): Promise<WebhookConfig | undefined> {
    const row = await this.database.query
      .selectFrom('webhook_config')
      .selectAll()
      .where('account_id', '=', owner.accountId)
      .where('environment', '=', owner.environment)
      .$if(options.lock === true, (qb) => qb.forUpdate())
      .executeTakeFirst();
    return row && this.toDomain(row);
  }

  async routingOf(owners: readonly KeyScope[]): Promise<ReadonlyMap<string, WebhookRouting>> {
    if (owners.length === 0) return new Map();
    const wanted = JSON.stringify(owners.map((o) => ({ account_id: o.accountId, environment: o.environment })));
    // Lateral: one index lookup per owner; a plain join to the set function plans a scan of every account's config.
    const { rows } = await sql<Pick<Selectable<WebhookConfigTable>, 'account_id' | 'environment' | 'dlr_url' | 'mo_url' | 'is_active'>>`
      select c.account_id, c.environment, c.dlr_url, c.mo_url, c.is_active from jsonb_to_recordset(${wanted}::jsonb) as o (account_id varchar, environment varchar)
      cross join lateral (select * from webhook_config w where w.account_id = o.account_id and w.environment = o.environment limit 1) c`.execute(this.database.query);
    return new Map(
      rows.map((row) => [scopeKey({ accountId: row.account_id, environment: row.environment as MessageEnvironment }), { dlrUrl: row.dlr_url, moUrl: row.mo_url, isActive: row.is_active }]),
    );
  }

  async insertIfAbsent(config: WebhookConfig): Promise<void> {
    await this.database.query
      .insertInto('webhook_config')
      .values(this.rowOf(config))
      .onConflict((oc) => oc.columns(['account_id', 'environment']).doNothing())
      .execute();
  }

  async save(config: WebhookConfig): Promise<void> {
    await this.database.query
      .insertInto('webhook_config')
      .values(this.rowOf(config))
      .onConflict((oc) =>
        oc.columns(['account_id', 'environment']).doUpdateSet((eb) => ({
          dlr_url: eb.ref('excluded.dlr_url'),
          mo_url: eb.ref('excluded.mo_url'),
          is_active: eb.ref('excluded.is_active'),
          signing_secret_sealed: eb.ref('excluded.signing_secret_sealed'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  private rowOf(config: WebhookConfig): Insertable<WebhookConfigTable> {
    const s = config.toSnapshot();
    return {
      account_id: s.accountId,
      environment: s.environment,
      dlr_url: s.dlrUrl,
      mo_url: s.moUrl,
      is_active: s.isActive,
      signing_secret_sealed: this.cipher.seal(s.signingSecret, sealedFor(s)),
      created_at: s.createdAt,
      updated_at: s.updatedAt,
    };
  }

  private toDomain(row: Selectable<WebhookConfigTable>): WebhookConfig {
    const owner = { accountId: row.account_id, environment: row.environment as MessageEnvironment };
    return WebhookConfig.rehydrate({
      ...owner,
      dlrUrl: row.dlr_url,
      moUrl: row.mo_url,
      isActive: row.is_active,
      signingSecret: this.cipher.open(row.signing_secret_sealed, sealedFor(owner)),
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    });
  }
}
