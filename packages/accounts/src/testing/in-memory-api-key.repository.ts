import { ApiKey, type ApiKeySnapshot, type CustomerKeyKind } from '../domain/api-key.aggregate.ts';
import type { ApiKeyRepository } from '../application/api-key.repository.port.ts';
import { UndoableMap } from '@tuma/kernel/testing';

export class InMemoryApiKeyRepository implements ApiKeyRepository {
  private readonly rows = new UndoableMap<string, ApiKeySnapshot>();

  async findById(id: string): Promise<ApiKey | undefined> {
    const row = this.rows.get(id);
    return row && ApiKey.rehydrate(row);
  }

  async findByPrefix(prefix: string): Promise<ApiKey | undefined> {
    for (const row of this.rows.values()) if (row.prefix === prefix) return ApiKey.rehydrate(row);
    return undefined;
  }

  async listActiveOperatorKeys(): Promise<ApiKey[]> {
    return [...this.rows.values()]
      .filter((row) => row.kind === 'operator' && row.revokedAt === null)
      .map((row) => ApiKey.rehydrate(row));
  }

  async listOfAccount(accountId: string, kind: CustomerKeyKind, options: { readonly includeRevoked: boolean }): Promise<ApiKey[]> {
    return [...this.rows.values()]
      .filter((row) => row.accountId === accountId && row.kind === kind && (options.includeRevoked || row.revokedAt === null))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .map((row) => ApiKey.rehydrate(row));
  }

  async save(key: ApiKey): Promise<void> {
    this.rows.set(key.id, key.toSnapshot());
  }

  async recordUse(keyId: string, at: Date): Promise<void> {
    const row = this.rows.get(keyId);
    if (row && (row.lastUsedAt === null || row.lastUsedAt < at)) this.rows.set(keyId, { ...row, lastUsedAt: at });
  }
}
