import type { Clock, Digests, UnitOfWork } from '@tuma/kernel';
import type { AccountRepository } from './application/account.repository.port.ts';
import type { ApiKeyRepository } from './application/api-key.repository.port.ts';
import type { AccessChanges } from './application/access-changes.port.ts';
import { AccessChangeAnnouncer, DEFAULT_PRINCIPAL_CACHE, PrincipalCache, type PrincipalCacheOptions } from './application/principal-cache.ts';
import { AuthenticateApiKey } from './application/authenticate-api-key.use-case.ts';
import { CreateAccount } from './application/create-account.use-case.ts';
import { EnsureDemoAccount } from './application/ensure-demo-account.use-case.ts';
import { IssueApiKey } from './application/issue-api-key.use-case.ts';
import { ListApiKeys } from './application/list-api-keys.use-case.ts';
import { RegisterOperatorKey } from './application/register-operator-key.use-case.ts';
import { RevokeApiKey } from './application/revoke-api-key.use-case.ts';
import { SetAccountStatus } from './application/set-account-status.use-case.ts';
import { VerifyAccountEmail } from './application/verify-account-email.use-case.ts';

export interface AccountsPorts {
  readonly accountRepository: AccountRepository;
  readonly apiKeyRepository: ApiKeyRepository;
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  /** ISO 4217 code of a new account's wallet when none is given. */
  readonly defaultWalletCurrency: string;
  /**
   * How processes hear of revoked keys and suspended accounts. With it, authentication keeps the
   * principals it resolved in a cache (`principalCache`, default 30 s safety-net TTL) that every
   * process empties of a changed key or account; without it, every authentication reads the database.
   */
  readonly accessChanges?: AccessChanges;
  readonly principalCache?: PrincipalCacheOptions;
  /** Synchronous digests (the server's): API keys' SHA-256 cheaper per request than WebCrypto's, which is used without them. */
  readonly digests?: Digests;
}

/** Accounts and API keys: every use case of the package, built from its ports (as `createMessaging`). */
export function createAccounts(ports: AccountsPorts) {
  const { accountRepository: accounts, apiKeyRepository: apiKeys, unitOfWork: uow, clock, accessChanges } = ports;
  const principalCache = accessChanges ? new PrincipalCache(clock, ports.principalCache ?? DEFAULT_PRINCIPAL_CACHE) : undefined;
  if (accessChanges && principalCache) accessChanges.subscribe(principalCache);
  const announcer = new AccessChangeAnnouncer(accessChanges, principalCache);
  const createAccount = new CreateAccount(accounts, uow, clock, ports.defaultWalletCurrency);
  const issueApiKey = new IssueApiKey(accounts, apiKeys, uow, clock, announcer);
  return {
    createAccount,
    issueApiKey,
    listApiKeys: new ListApiKeys(apiKeys),
    setAccountStatus: new SetAccountStatus(accounts, uow, clock, announcer),
    verifyAccountEmail: new VerifyAccountEmail(accounts, uow, clock, announcer),
    revokeApiKey: new RevokeApiKey(apiKeys, uow, clock, announcer),
    authenticateApiKey: new AuthenticateApiKey(accounts, apiKeys, clock, principalCache, ports.digests),
    /** The mail API's check: `svc_k_` keys only. */
    authenticateMailKey: new AuthenticateApiKey(accounts, apiKeys, clock, principalCache, ports.digests, ['mail']),
    /** The links API's check: `svc_l_` keys only. */
    authenticateLinksKey: new AuthenticateApiKey(accounts, apiKeys, clock, principalCache, ports.digests, ['links']),
    registerOperatorKey: new RegisterOperatorKey(accounts, apiKeys, uow, clock, announcer),
    ensureDemoAccount: new EnsureDemoAccount(accounts, createAccount, issueApiKey),
  };
}

/** The accounts use cases, as `createAccounts` builds them. */
export type Accounts = ReturnType<typeof createAccounts>;
