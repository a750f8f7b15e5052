import type { Selectable } from 'kysely';
import { ApiKey, type ApiKeyRepository, type CustomerKeyKind, type KeyEnvironment, type KeyKind, type Scope } from '@tuma/accounts';
import type { Database } from '../database/database.ts';
import type { ApiKeyTable } from '../database/tables.ts';

const date = (text: string | null): Date | null => (text === null ? null : new Date(text));

const keyOf = (row: Selectable<ApiKeyTable>): ApiKey =>
  ApiKey.rehydrate({
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    prefix: row.prefix,
    secretHash: row.secret_hash,
    scopes: row.scopes as Scope[],
    environment: row.environment as KeyEnvironment,
    kind: row.kind as KeyKind,
    lastUsedAt: date(row.last_used_at),
    revokedAt: date(row.revoked_at),
    createdAt: new Date(row.created_at),
  });

/** API keys in `api_key`: the secret only as its SHA-256. `findByPrefix` runs on every request: one statement. */
export class MikroOrmApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly database: Database) {}

  async findById(id: string): Promise<ApiKey | undefined> {
    const row = await this.database.query.selectFrom('api_key').selectAll().where('id', '=', id).executeTakeFirst();
    return row && keyOf(row);
  }

  async findByPrefix(prefix: string): Promise<ApiKey | undefined> {
    const row = await this.database.query.selectFrom('api_key').selectAll().where('prefix', '=', prefix).executeTakeFirst();
    return row && keyOf(row);
  }

  async listActiveOperatorKeys(): Promise<ApiKey[]> {
    const rows = await this.database.query.selectFrom('api_key').selectAll().where('kind', '=', 'operator').where('revoked_at', 'is', null).execute();
    return rows.map(keyOf);
  }

  async listOfAccount(accountId: string, kind: CustomerKeyKind, options: { readonly includeRevoked: boolean }): Promise<ApiKey[]> {
    const rows = await this.database.query
      .selectFrom('api_key')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .$if(!options.includeRevoked, (q) => q.where('revoked_at', 'is', null))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(keyOf);
  }

  /** Inserts, or overwrites every column of the key with its id. */
  async save(key: ApiKey): Promise<void> {
    const k = key.toSnapshot();
    const row = {
      account_id: k.accountId,
      name: k.name,
      prefix: k.prefix,
      secret_hash: k.secretHash,
      scopes: JSON.stringify(k.scopes),
      environment: k.environment,
      kind: k.kind,
      last_used_at: k.lastUsedAt,
      revoked_at: k.revokedAt,
      created_at: k.createdAt,
    };
    await this.database.query
      .insertInto('api_key')
      .values({ id: k.id, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }

  /** Only ever moves `last_used_at` forward (uses recorded out of order keep the latest). */
  async recordUse(keyId: string, at: Date): Promise<void> {
    await this.database.query
      .updateTable('api_key')
      .set({ last_used_at: at })
      .where('id', '=', keyId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at.toISOString())]))
      .execute();
  }
}
