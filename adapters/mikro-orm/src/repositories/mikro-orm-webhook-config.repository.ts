import type { SecretCipher, WebhookConfigRepository, WebhookRouting } from '@tuma/messaging';
import { WebhookConfig } from '@tuma/messaging';
import type { Database } from '../database/database.ts';

interface ConfigRow {
  account_id: string;
  dlr_url: string | null;
  mo_url: string | null;
  is_active: boolean;
  signing_secret_sealed: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'account_id, dlr_url, mo_url, is_active, signing_secret_sealed, created_at, updated_at';

const INSERT = `insert into webhook_config (${COLUMNS}) values (?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz)`;

const UPDATE_ON_CONFLICT = `
  on conflict (account_id) do update set dlr_url = excluded.dlr_url, mo_url = excluded.mo_url, is_active = excluded.is_active,
    signing_secret_sealed = excluded.signing_secret_sealed, updated_at = excluded.updated_at`;

/** Webhook configurations in `webhook_config`; the signing secret is sealed with the cipher, bound to the account id. */
export class MikroOrmWebhookConfigRepository implements WebhookConfigRepository {
  constructor(
    private readonly database: Database,
    private readonly cipher: SecretCipher,
  ) {}

  async find(accountId: string, options: { readonly lock?: boolean } = {}): Promise<WebhookConfig | undefined> {
    const rows = await this.database.em.execute<ConfigRow[]>(`select ${COLUMNS} from webhook_config where account_id = ?${options.lock ? ' for update' : ''}`, [accountId]);
    return rows[0] && this.toDomain(rows[0]);
  }

  async routingOf(accountIds: readonly string[]): Promise<ReadonlyMap<string, WebhookRouting>> {
    if (accountIds.length === 0) return new Map();
    const rows = await this.database.em.execute<Pick<ConfigRow, 'account_id' | 'dlr_url' | 'mo_url' | 'is_active'>[]>(
      'select account_id, dlr_url, mo_url, is_active from webhook_config where account_id = any (array(select jsonb_array_elements_text(?::jsonb)))',
      [JSON.stringify(accountIds)],
    );
    return new Map(rows.map((row) => [row.account_id, { dlrUrl: row.dlr_url, moUrl: row.mo_url, isActive: row.is_active }]));
  }

  async insertIfAbsent(config: WebhookConfig): Promise<void> {
    await this.database.em.execute(`${INSERT} on conflict (account_id) do nothing`, this.parameters(config), 'run');
  }

  async save(config: WebhookConfig): Promise<void> {
    await this.database.em.execute(`${INSERT} ${UPDATE_ON_CONFLICT}`, this.parameters(config), 'run');
  }

  private parameters(config: WebhookConfig): unknown[] {
    const s = config.toSnapshot();
    const sealed = this.cipher.seal(s.signingSecret, s.accountId);
    return [s.accountId, s.dlrUrl, s.moUrl, s.isActive, sealed, s.createdAt.toISOString(), s.updatedAt.toISOString()];
  }

  private toDomain(row: ConfigRow): WebhookConfig {
    return WebhookConfig.rehydrate({
      accountId: row.account_id,
      dlrUrl: row.dlr_url,
      moUrl: row.mo_url,
      isActive: row.is_active,
      signingSecret: this.cipher.open(row.signing_secret_sealed, row.account_id),
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    });
  }
}
