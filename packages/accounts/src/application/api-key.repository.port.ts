import type { ApiKey, CustomerKeyKind } from '../domain/api-key.aggregate.ts';

export interface ApiKeyRepository {
  findById(id: string): Promise<ApiKey | undefined>;
  findByPrefix(prefix: string): Promise<ApiKey | undefined>;
  listActiveOperatorKeys(): Promise<ApiKey[]>;
  /** An account's keys of one kind, newest first: those still working, or revoked ones too. */
  listOfAccount(accountId: string, kind: CustomerKeyKind, options: { readonly includeRevoked: boolean }): Promise<ApiKey[]>;
  /** Inserts or updates. */
  save(key: ApiKey): Promise<void>;
  /** Sets the key's last use to `at` unless a later one is stored; touches nothing else (not its revocation). */
  recordUse(keyId: string, at: Date): Promise<void>;
}
