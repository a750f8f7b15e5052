import { constantTimeEqual, errAsync, okAsync, ResultAsync, type Clock, type Digests, sha256Hex } from '@tuma/kernel';
import type { Account } from '../domain/account.aggregate.ts';
import { accountSuspended, emailNotVerified, unauthorized, type AccountSuspendedError, type EmailNotVerifiedError, type UnauthorizedError } from '../domain/account-errors.ts';
import type { ApiKey, KeyKind } from '../domain/api-key.aggregate.ts';
import { lookupPrefixOf } from '../domain/api-key-secret.ts';
import type { AccountRepository } from './account.repository.port.ts';
import type { ApiKeyRepository } from './api-key.repository.port.ts';
import type { PrincipalCache } from './principal-cache.ts';

export interface Principal {
  readonly account: Account;
  readonly apiKey: ApiKey;
}

/**
 * Resolves a bearer token to its account and key. The key is found by its visible prefix and
 * its SHA-256 compared in constant time; unknown, wrong and revoked keys look the same (401).
 * With a cache, a key seen recently costs no query (`PrincipalCache`: keyed by the SHA-256, and
 * forgotten by every process when the key or its account changes); last use is recorded at most
 * once a minute per key and process, as its own statement. Each API takes its own kinds of key
 * (`kinds`): another API's key is as unknown here as a wrong one. The SHA-256 is the synchronous
 * `digests`' when the platform gives them (cheaper per request), else WebCrypto's `sha256Hex`.
 */
export class AuthenticateApiKey {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly clock: Clock,
    private readonly cache?: PrincipalCache,
    private readonly digests?: Digests,
    private readonly kinds: readonly KeyKind[] = ['customer', 'operator'],
  ) {}

  execute(token: string): ResultAsync<Principal, UnauthorizedError | AccountSuspendedError | EmailNotVerifiedError> {
    return ResultAsync.fromSafePromise(this.resolve(token)).andThen((principal) => {
      if (!principal || !this.kinds.includes(principal.apiKey.kind)) return errAsync(unauthorized());
      if (principal.account.isSuspended) return errAsync(accountSuspended());
      // Live traffic waits for the account's email (a key issued before, or by the operator); test keys work meanwhile.
      if (principal.apiKey.environment === 'live' && !principal.account.isEmailVerified) return errAsync(emailNotVerified());
      return okAsync(principal);
    });
  }

  private async resolve(token: string): Promise<Principal | undefined> {
    if (token.length < 16 || token.length > 512) return undefined;
    const hash = this.digests ? this.digests.sha256Hex(token) : await sha256Hex(token);
    const principal = await (this.cache ? this.cache.get(hash, () => this.lookUp(token, hash)) : this.lookUp(token, hash));
    if (principal) await this.recordUse(principal.apiKey);
    return principal;
  }

  /** The key of `token` (its SHA-256 `hash`) and its account, from the stores. */
  private async lookUp(token: string, hash: string): Promise<Principal | undefined> {
    const apiKey = await this.apiKeys.findByPrefix(await lookupPrefixOf(token));
    if (!apiKey || apiKey.isRevoked || !constantTimeEqual(apiKey.secretHash, hash)) return undefined;
    const account = await this.accounts.findById(apiKey.accountId);
    return account && { account, apiKey };
  }

  private async recordUse(apiKey: ApiKey): Promise<void> {
    const now = this.clock.now();
    if (apiKey.markUsed(now)) await this.apiKeys.recordUse(apiKey.id, now);
  }
}
