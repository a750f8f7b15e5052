import { atomically, err, errAsync, fieldError, notFound, ok, ResultAsync, type Clock, type NotFoundError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { API_SCOPES, ApiKey, DEFAULT_SCOPES, type ApiScope, type KeyEnvironment } from '../domain/api-key.aggregate.ts';
import { generateKeySecret, lookupPrefixOf, sha256Hex } from '../domain/api-key-secret.ts';
import { emailNotVerified, type EmailNotVerifiedError } from '../domain/account-errors.ts';
import type { AccountRepository } from './account.repository.port.ts';
import type { ApiKeyRepository } from './api-key.repository.port.ts';
import { AccessChangeAnnouncer } from './principal-cache.ts';

export interface IssueApiKeyInput {
  readonly accountId: string;
  readonly environment: KeyEnvironment;
  readonly scopes?: readonly string[];
  readonly name?: string | null;
}

export interface IssuedApiKey {
  readonly apiKey: ApiKey;
  /** The full key: returned once, never stored. */
  readonly plaintext: string;
}

const isApiScope = (scope: string): scope is ApiScope => (API_SCOPES as readonly string[]).includes(scope);

/** Issues a customer key. Scopes default to send, query and webhooks; two_way must be asked for. A live key waits for the account's email to be verified. */
export class IssueApiKey {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly announcer = new AccessChangeAnnouncer(),
  ) {}

  execute(input: IssueApiKeyInput): ResultAsync<IssuedApiKey, NotFoundError | ValidationError | EmailNotVerifiedError> {
    const requested = input.scopes ?? DEFAULT_SCOPES;
    const unknown = requested.filter((scope) => !isApiScope(scope));
    if (unknown.length > 0) return errAsync(fieldError('scopes', `Unknown scope(s): ${unknown.join(', ')}`));
    if (requested.length === 0) return errAsync(fieldError('scopes', 'At least one scope is required'));
    const scopes = requested.filter(isApiScope);

    return atomically<IssuedApiKey, NotFoundError | EmailNotVerifiedError>(this.unitOfWork, async () => {
      const account = await this.accounts.findById(input.accountId);
      if (!account) return err(notFound('account', input.accountId));
      if (input.environment === 'live' && !account.isEmailVerified) return err(emailNotVerified());
      const plaintext = generateKeySecret(input.environment);
      const apiKey = ApiKey.issue(
        {
          accountId: account.id,
          prefix: await lookupPrefixOf(plaintext),
          secretHash: await sha256Hex(plaintext),
          environment: input.environment,
          scopes,
          kind: 'customer',
          name: input.name ?? null,
        },
        this.clock.now(),
      );
      await this.apiKeys.save(apiKey);
      await this.announcer.publish({ keyId: apiKey.id });
      return ok({ apiKey, plaintext });
    }).andTee(({ apiKey }) => this.announcer.committed({ keyId: apiKey.id }));
  }
}
