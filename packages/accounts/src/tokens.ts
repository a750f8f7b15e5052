import { token } from '@tuma/kernel';
import type { AccountRepository } from './application/account.repository.port.ts';
import type { ApiKeyRepository } from './application/api-key.repository.port.ts';
import type { AuthenticateApiKey } from './application/authenticate-api-key.use-case.ts';
import type { CreateAccount } from './application/create-account.use-case.ts';
import type { EnsureDemoAccount } from './application/ensure-demo-account.use-case.ts';
import type { IssueApiKey } from './application/issue-api-key.use-case.ts';
import type { RegisterOperatorKey } from './application/register-operator-key.use-case.ts';
import type { RevokeApiKey } from './application/revoke-api-key.use-case.ts';
import type { SetAccountStatus } from './application/set-account-status.use-case.ts';

export const ACCOUNTS_TOKENS = {
  accountRepository: token<AccountRepository>('accounts.AccountRepository'),
  apiKeyRepository: token<ApiKeyRepository>('accounts.ApiKeyRepository'),
  createAccount: token<CreateAccount>('accounts.CreateAccount'),
  issueApiKey: token<IssueApiKey>('accounts.IssueApiKey'),
  setAccountStatus: token<SetAccountStatus>('accounts.SetAccountStatus'),
  revokeApiKey: token<RevokeApiKey>('accounts.RevokeApiKey'),
  authenticateApiKey: token<AuthenticateApiKey>('accounts.AuthenticateApiKey'),
  registerOperatorKey: token<RegisterOperatorKey>('accounts.RegisterOperatorKey'),
  ensureDemoAccount: token<EnsureDemoAccount>('accounts.EnsureDemoAccount'),
};
