import {
  ACCOUNTS_TOKENS,
  AuthenticateApiKey,
  CreateAccount,
  EnsureDemoAccount,
  IssueApiKey,
  RegisterOperatorKey,
  RevokeApiKey,
  SetAccountStatus,
  type AccountRepository,
  type ApiKeyRepository,
} from '@tuma/accounts';
import { BILLING_TOKENS } from '@tuma/billing';
import { KERNEL_TOKENS, type Clock, type UnitOfWork } from '@tuma/kernel';
import { adminAccountRoutes, authRoutes } from '@tuma/koa-adapter';
import { MikroOrmAccountRepository, MikroOrmApiKeyRepository, type Database } from '@tuma/mikro-orm-adapter';
import { ContainerModule } from 'inversify';
import type { ServerConfig } from '../config.ts';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const T = ACCOUNTS_TOKENS;
  const K = KERNEL_TOKENS;
  bind(T.accountRepository).toResolvedValue((db: Database) => new MikroOrmAccountRepository(db), [SERVER_TOKENS.database]);
  bind(T.apiKeyRepository).toResolvedValue((db: Database) => new MikroOrmApiKeyRepository(db), [SERVER_TOKENS.database]);
  bind(T.createAccount).toResolvedValue(
    (accounts: AccountRepository, uow: UnitOfWork, clock: Clock, config: ServerConfig) =>
      new CreateAccount(accounts, uow, clock, config.defaultWalletCurrency),
    [T.accountRepository, K.unitOfWork, K.clock, SERVER_TOKENS.config],
  );
  bind(T.issueApiKey).toResolvedValue(
    (accounts: AccountRepository, keys: ApiKeyRepository, uow: UnitOfWork, clock: Clock) => new IssueApiKey(accounts, keys, uow, clock),
    [T.accountRepository, T.apiKeyRepository, K.unitOfWork, K.clock],
  );
  bind(T.setAccountStatus).toResolvedValue(
    (accounts: AccountRepository, uow: UnitOfWork, clock: Clock) => new SetAccountStatus(accounts, uow, clock),
    [T.accountRepository, K.unitOfWork, K.clock],
  );
  bind(T.revokeApiKey).toResolvedValue(
    (keys: ApiKeyRepository, uow: UnitOfWork, clock: Clock) => new RevokeApiKey(keys, uow, clock),
    [T.apiKeyRepository, K.unitOfWork, K.clock],
  );
  bind(T.authenticateApiKey).toResolvedValue(
    (accounts: AccountRepository, keys: ApiKeyRepository, clock: Clock) => new AuthenticateApiKey(accounts, keys, clock),
    [T.accountRepository, T.apiKeyRepository, K.clock],
  );
  bind(T.registerOperatorKey).toResolvedValue(
    (accounts: AccountRepository, keys: ApiKeyRepository, uow: UnitOfWork, clock: Clock) => new RegisterOperatorKey(accounts, keys, uow, clock),
    [T.accountRepository, T.apiKeyRepository, K.unitOfWork, K.clock],
  );
  bind(T.ensureDemoAccount).toResolvedValue(
    (accounts: AccountRepository, create: CreateAccount, issue: IssueApiKey) => new EnsureDemoAccount(accounts, create, issue),
    [T.accountRepository, T.createAccount, T.issueApiKey],
  );
});


/** Accounts, API keys and operator access. */
export const accountsServerModule: ServerModule = {
  name: 'accounts',
  bindings,
  routes: (container) => [
    ...authRoutes({ walletLedger: resolve(container, BILLING_TOKENS.walletLedger) }),
    ...adminAccountRoutes({
      createAccount: resolve(container, ACCOUNTS_TOKENS.createAccount),
      issueApiKey: resolve(container, ACCOUNTS_TOKENS.issueApiKey),
      setAccountStatus: resolve(container, ACCOUNTS_TOKENS.setAccountStatus),
      revokeApiKey: resolve(container, ACCOUNTS_TOKENS.revokeApiKey),
    }),
  ],
};
