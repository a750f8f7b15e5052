import type { KeyScope, MessageEnvironment, WebhookConfigRepository, WebhookRouting } from '@tuma/messaging';
import type { SecretCipher } from '@tuma/webhooks';
import { scopeKey, WebhookConfig } from '@tuma/messaging';
import type { Database } from '../database/database.ts';

interface ConfigRow {
  account_id: string;
  environment: MessageEnvironment;
  dlr_url: string | null;
  mo_url: string | null;
  is_active: boolean;
  signing_secret_sealed: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'account_id, environment, dlr_url, mo_url, is_active, signing_secret_sealed, created_at, updated_at';

const INSERT = `insert into webhook_config (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz)`;

const UPDATE_ON_CONFLICT = `
  on conflict (account_id, environment) do update set dlr_url = excluded.dlr_url, mo_url = excluded.mo_url, is_active = excluded.is_active,
    signing_secret_sealed = excluded.signing_secret_sealed, updated_at = excluded.updated_at`;

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
    const rows = await this.database.em.execute<ConfigRow[]>(
      `select ${COLUMNS} from webhook_config where account_id = ? and environment = ?${options.lock ? ' for update' : ''}`,
      [owner.accountId, owner.environment],
    );
    return rows[0] && this.toDomain(rows[0]);
  }

  async routingOf(owners: readonly KeyScope[]): Promise<ReadonlyMap<string, WebhookRouting>> {
    if (owners.length === 0) return new Map();
    const rows = await this.database.em.execute<Pick<ConfigRow, 'account_id' | 'environment' | 'dlr_url' | 'mo_url' | 'is_active'>[]>(
      // Lateral: one index lookup per owner; a plain join to the set function plans a scan of every account's config.
      `select c.account_id, c.environment, c.dlr_url, c.mo_url, c.is_active from jsonb_to_recordset(?::jsonb) as o (account_id varchar, environment varchar)
       cross join lateral (select * from webhook_config w where w.account_id = o.account_id and w.environment = o.environment limit 1) c`,
      [JSON.stringify(owners.map((o) => ({ account_id: o.accountId, environment: o.environment })))],
    );
    return new Map(
      rows.map((row) => [scopeKey({ accountId: row.account_id, environment: row.environment }), { dlrUrl: row.dlr_url, moUrl: row.mo_url, isActive: row.is_active }]),
    );
  }

  async insertIfAbsent(config: WebhookConfig): Promise<void> {
    await this.database.em.execute(`${INSERT} on conflict (account_id, environment) do nothing`, this.parameters(config), 'run');
  }

  async save(config: WebhookConfig): Promise<void> {
    await this.database.em.execute(`${INSERT} ${UPDATE_ON_CONFLICT}`, this.parameters(config), 'run');
  }

  private parameters(config: WebhookConfig): unknown[] {
    const s = config.toSnapshot();
    const sealed = this.cipher.seal(s.signingSecret, sealedFor(s));
    return [s.accountId, s.environment, s.dlrUrl, s.moUrl, s.isActive, sealed, s.createdAt.toISOString(), s.updatedAt.toISOString()];
  }

  private toDomain(row: ConfigRow): WebhookConfig {
    const owner = { accountId: row.account_id, environment: row.environment };
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
