import type { ApiKey } from '../domain/api-key.aggregate.ts';

export interface ApiKeyRepository {
  findByPrefix(prefix: string): Promise<ApiKey | undefined>;
  listActiveOperatorKeys(): Promise<ApiKey[]>;
  /** Inserts or updates. */
  save(key: ApiKey): Promise<void>;
}
