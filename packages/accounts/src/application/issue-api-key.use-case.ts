import { atomically, err, errAsync, fieldError, notFound, ok, ResultAsync, type Clock, type NotFoundError, type UnitOfWork, type ValidationError, sha256Hex } from '@tuma/kernel';
import { API_SCOPES, ApiKey, DEFAULT_LINKS_SCOPES, DEFAULT_MAIL_SCOPES, DEFAULT_SCOPES, LINKS_SCOPES, MAIL_SCOPES, type KeyEnvironment, type Scope } from '../domain/api-key.aggregate.ts';
import { generateKeySecret, lookupPrefixOf } from '../domain/api-key-secret.ts';
import { emailNotVerified, type EmailNotVerifiedError } from '../domain/account-errors.ts';
import type { AccountRepository } from './account.repository.port.ts';
import type { ApiKeyRepository } from './api-key.repository.port.ts';
import { AccessChangeAnnouncer } from './principal-cache.ts';

/** An SMS key (`kind` customer, the default) or a links key of an environment, or a mail key (always live). */
export type IssueApiKeyInput = {
  readonly accountId: string;
  readonly scopes?: readonly string[];
  readonly name?: string | null;
} & ({ readonly kind?: 'customer' | 'links'; readonly environment: KeyEnvironment } | { readonly kind: 'mail' });

export interface IssuedApiKey {
  readonly apiKey: ApiKey;
  /** The full key: returned once, never stored. */
  readonly plaintext: string;
}

/** What each kind may be given, what it gets when nothing is asked, and what its callers call them (the mail API says `permissions`). */
const GRANTS = {
  customer: { scopes: API_SCOPES, defaults: DEFAULT_SCOPES, field: 'scopes' },
  mail: { scopes: MAIL_SCOPES, defaults: DEFAULT_MAIL_SCOPES, field: 'permissions' },
  links: { scopes: LINKS_SCOPES, defaults: DEFAULT_LINKS_SCOPES, field: 'scopes' },
} as const satisfies Record<string, { scopes: readonly Scope[]; defaults: readonly Scope[]; field: string }>;

/** Issues an account's key: SMS scopes default to send, query and webhooks (two_way must be asked for); mail permissions to send and read; links scopes to `*`. A live key waits for the account's email to be verified. */
export class IssueApiKey {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly announcer = new AccessChangeAnnouncer(),
  ) {}

  execute(input: IssueApiKeyInput): ResultAsync<IssuedApiKey, NotFoundError | ValidationError | EmailNotVerifiedError> {
    const kind = input.kind ?? 'customer';
    const grants = GRANTS[kind];
    const requested = input.scopes ?? grants.defaults;
    const isGrantable = (scope: string): scope is Scope => (grants.scopes as readonly string[]).includes(scope);
    const unknown = requested.filter((scope) => !isGrantable(scope));
    if (unknown.length > 0) return errAsync(fieldError(grants.field, `Unknown ${grants.field}: ${unknown.join(', ')} (any of ${grants.scopes.join(', ')})`));
    if (requested.length === 0) return errAsync(fieldError(grants.field, `At least one of ${grants.scopes.join(', ')} is required`));
    const environment = input.kind === 'mail' ? 'live' : input.environment;

    return atomically<IssuedApiKey, NotFoundError | EmailNotVerifiedError>(this.unitOfWork, async () => {
      const account = await this.accounts.findById(input.accountId);
      if (!account) return err(notFound('account', input.accountId));
      if (environment === 'live' && !account.isEmailVerified) return err(emailNotVerified());
      const plaintext = generateKeySecret(kind === 'customer' ? environment : kind);
      const apiKey = ApiKey.issue(
        {
          accountId: account.id,
          prefix: await lookupPrefixOf(plaintext),
          secretHash: await sha256Hex(plaintext),
          environment,
          scopes: requested.filter(isGrantable),
          kind,
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
