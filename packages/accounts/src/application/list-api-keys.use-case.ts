import { ResultAsync } from '@tuma/kernel';
import type { ApiKey } from '../domain/api-key.aggregate.ts';
import type { ApiKeyRepository } from './api-key.repository.port.ts';

/** An account's customer keys, revoked ones included, newest first (never their secrets: only hashes are kept). */
export class ListApiKeys {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  execute(accountId: string): ResultAsync<readonly ApiKey[], never> {
    return ResultAsync.fromSafePromise(this.apiKeys.listCustomerKeys(accountId));
  }
}
