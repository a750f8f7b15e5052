export { Account, type AccountSnapshot, type AccountStatus } from './domain/account.aggregate.ts';
export { Email, type InvalidEmailError } from './domain/email.value-object.ts';
export {
  API_SCOPES,
  ApiKey,
  DEFAULT_MAIL_SCOPES,
  DEFAULT_SCOPES,
  MAIL_SCOPES,
  LINKS_SCOPES,
  DEFAULT_LINKS_SCOPES,
  KEY_ENVIRONMENTS,
  LAST_USED_RESOLUTION_MS,
  type ApiKeySnapshot,
  type ApiScope,
  type CustomerKeyKind,
  type MailScope,
  type LinksScope,
  type KeyEnvironment,
  type KeyKind,
  type Scope,
} from './domain/api-key.aggregate.ts';
export { environmentOf, lookupPrefixOf } from './domain/api-key-secret.ts';
export {
  accountSuspended,
  emailNotVerified,
  insufficientScope,
  unauthorized,
  type AccountSuspendedError,
  type EmailNotVerifiedError,
  type InsufficientScopeError,
  type UnauthorizedError,
} from './domain/account-errors.ts';
export type { AccountRepository } from './application/account.repository.port.ts';
export type { ApiKeyRepository } from './application/api-key.repository.port.ts';
export { CreateAccount, type CreateAccountError, type CreateAccountInput } from './application/create-account.use-case.ts';
export { IssueApiKey, type IssueApiKeyInput, type IssuedApiKey } from './application/issue-api-key.use-case.ts';
export { ListApiKeys, type ListApiKeysInput } from './application/list-api-keys.use-case.ts';
export { VerifyAccountEmail } from './application/verify-account-email.use-case.ts';
export { SetAccountStatus } from './application/set-account-status.use-case.ts';
export { RevokeApiKey, type RevokeApiKeyInput } from './application/revoke-api-key.use-case.ts';
export { AuthenticateApiKey, type Principal } from './application/authenticate-api-key.use-case.ts';
export type { AccessChange, AccessChangeListener, AccessChanges } from './application/access-changes.port.ts';
export { AccessChangeAnnouncer, DEFAULT_PRINCIPAL_CACHE, PrincipalCache, type PrincipalCacheOptions } from './application/principal-cache.ts';
export { OPERATOR_EMAIL, OPERATOR_KEY_MIN_LENGTH, RegisterOperatorKey } from './application/register-operator-key.use-case.ts';
export { DEMO_EMAIL, EnsureDemoAccount, type DemoCredentials } from './application/ensure-demo-account.use-case.ts';
export { ACCOUNTS_TOKENS } from './tokens.ts';
export { createAccounts, type Accounts, type AccountsPorts } from './create-accounts.ts';
