import { ResultAsync } from '@tuma/kernel';
import type { ApiKey, CustomerKeyKind } from '../domain/api-key.aggregate.ts';
import type { ApiKeyRepository } from './api-key.repository.port.ts';

export interface ListApiKeysInput {
  readonly accountId: string;
  readonly kind: CustomerKeyKind;
  /** The dashboard shows revoked keys too; the mail API lists those that still work. */
  readonly includeRevoked: boolean;
}

/** An account's keys of one kind, newest first (never their secrets: only hashes are kept). */
export class ListApiKeys {
  constructor(private readonly apiKeys: ApiKeyRepository) {}

  execute(input: ListApiKeysInput): ResultAsync<readonly ApiKey[], never> {
    return ResultAsync.fromSafePromise(this.apiKeys.listOfAccount(input.accountId, input.kind, { includeRevoked: input.includeRevoked }));
  }
}
