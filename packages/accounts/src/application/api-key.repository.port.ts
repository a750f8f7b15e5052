import type { ApiKey } from '../domain/api-key.aggregate.ts';

export interface ApiKeyRepository {
  findById(id: string): Promise<ApiKey | undefined>;
  findByPrefix(prefix: string): Promise<ApiKey | undefined>;
  listActiveOperatorKeys(): Promise<ApiKey[]>;
  /** Inserts or updates. */
  save(key: ApiKey): Promise<void>;
}
