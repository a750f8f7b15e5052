import { constantTimeEqual, errAsync, okAsync, ResultAsync, type Clock } from '@tuma/kernel';
import type { Account } from '../domain/account.aggregate.ts';
import { accountSuspended, unauthorized, type AccountSuspendedError, type UnauthorizedError } from '../domain/account-errors.ts';
import type { ApiKey } from '../domain/api-key.aggregate.ts';
import { lookupPrefixOf, sha256Hex } from '../domain/api-key-secret.ts';
import type { AccountRepository } from './account.repository.port.ts';
import type { ApiKeyRepository } from './api-key.repository.port.ts';

export interface Principal {
  readonly account: Account;
  readonly apiKey: ApiKey;
}

/**
 * Resolves a bearer token to its account and key. The key is found by its visible prefix and
 * its SHA-256 compared in constant time; unknown, wrong and revoked keys look the same (401).
 */
export class AuthenticateApiKey {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly clock: Clock,
  ) {}

  execute(token: string): ResultAsync<Principal, UnauthorizedError | AccountSuspendedError> {
    return ResultAsync.fromSafePromise(this.resolve(token)).andThen((principal) => {
      if (!principal) return errAsync(unauthorized());
      if (principal.account.isSuspended) return errAsync(accountSuspended());
      return okAsync(principal);
    });
  }

  private async resolve(token: string): Promise<Principal | undefined> {
    if (token.length < 16 || token.length > 512) return undefined;
    const [prefix, hash] = await Promise.all([lookupPrefixOf(token), sha256Hex(token)]);
    const apiKey = await this.apiKeys.findByPrefix(prefix);
    if (!apiKey || apiKey.isRevoked || !constantTimeEqual(apiKey.secretHash, hash)) return undefined;
    const account = await this.accounts.findById(apiKey.accountId);
    if (!account) return undefined;
    if (apiKey.markUsed(this.clock.now())) await this.apiKeys.save(apiKey);
    return { account, apiKey };
  }
}
