import { ResultAsync } from '@tuma/kernel';
import type { ApiKey, CustomerKeyKind } from '../domain/api-key.aggregate.ts';
import type { ApiKeyRepository } from './api-key.repository.port.ts';

/** An account's keys of one kind that still work, newest first (revoked keys are gone for their owner). */
export class ListApiKeys {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  execute(input: { readonly accountId: string; readonly kind: CustomerKeyKind }): ResultAsync<readonly ApiKey[], never> {
    return ResultAsync.fromSafePromise(this.apiKeys.listActive(input.accountId, input.kind));
  }
}
