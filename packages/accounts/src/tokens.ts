import { token } from '@tuma/kernel';
import type { Accounts } from './create-accounts.ts';
import type { AccountRepository } from './application/account.repository.port.ts';
import type { ApiKeyRepository } from './application/api-key.repository.port.ts';

export const ACCOUNTS_TOKENS = {
  /** The accounts use cases (`createAccounts`). */
  accounts: token<Accounts>('accounts.Accounts'),
  accountRepository: token<AccountRepository>('accounts.AccountRepository'),
  apiKeyRepository: token<ApiKeyRepository>('accounts.ApiKeyRepository'),
};
