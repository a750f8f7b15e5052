import type { InferEntity } from '@mikro-orm/core';
import { ApiKey, type ApiKeyRepository, type CustomerKeyKind, type KeyEnvironment, type KeyKind, type Scope } from '@tuma/accounts';
import type { Database } from '../database/database.ts';
import { ApiKeyRecord } from './api-key.entity.ts';

type Row = InferEntity<typeof ApiKeyRecord>;

const toDomain = (row: Row): ApiKey =>
  ApiKey.rehydrate({
    id: row.id,
    accountId: row.accountId,
    name: row.name ?? null,
    prefix: row.prefix,
    secretHash: row.secretHash,
    scopes: row.scopes as Scope[],
    environment: row.environment as KeyEnvironment,
    kind: row.kind as KeyKind,
    lastUsedAt: row.lastUsedAt ?? null,
    revokedAt: row.revokedAt ?? null,
    createdAt: row.createdAt,
  });

export class MikroOrmApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly database: Database) {}

  async findById(id: string): Promise<ApiKey | undefined> {
    const row = await this.database.em.findOne(ApiKeyRecord, { id }, { refresh: true });
    return row ? toDomain(row) : undefined;
  }

  async findByPrefix(prefix: string): Promise<ApiKey | undefined> {
    const row = await this.database.em.findOne(ApiKeyRecord, { prefix }, { refresh: true });
    return row ? toDomain(row) : undefined;
  }

  async listActiveOperatorKeys(): Promise<ApiKey[]> {
    const rows = await this.database.em.find(ApiKeyRecord, { kind: 'operator', revokedAt: null }, { refresh: true });
    return rows.map(toDomain);
  }

  async listOfAccount(accountId: string, kind: CustomerKeyKind, options: { readonly includeRevoked: boolean }): Promise<ApiKey[]> {
    const where = options.includeRevoked ? { accountId, kind } : { accountId, kind, revokedAt: null };
    const rows = await this.database.em.find(ApiKeyRecord, where, { orderBy: { createdAt: 'desc', id: 'desc' }, refresh: true });
    return rows.map(toDomain);
  }

  async save(key: ApiKey): Promise<void> {
    const snapshot = key.toSnapshot();
    await this.database.em.upsert(ApiKeyRecord, { ...snapshot, scopes: [...snapshot.scopes] });
  }

  async recordUse(keyId: string, at: Date): Promise<void> {
    await this.database.em.execute('update api_key set last_used_at = ? where id = ? and (last_used_at is null or last_used_at < ?)', [at, keyId, at]);
  }
}
