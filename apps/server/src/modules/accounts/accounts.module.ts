import { ACCOUNTS_TOKENS, type AccountRepository, createAccounts, type ApiKeyRepository } from '@tuma/accounts';
import { BILLING_TOKENS } from '@tuma/billing';
import { KERNEL_TOKENS, type Clock, type Digests, type UnitOfWork } from '@tuma/kernel';
import { adminAccountRoutes, apiKeyRoutes, authRoutes, keyPages } from '@tuma/koa-adapter';
import { MikroOrmAccessChanges, MikroOrmAccountRepository, MikroOrmApiKeyRepository, type DatabaseNotifications } from '@tuma/mikro-orm-adapter';
import { bindClass } from '../../bind-class.ts';
import { ContainerModule } from 'inversify';
import type { ServerConfig } from '../../config.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const T = ACCOUNTS_TOKENS;
  const K = KERNEL_TOKENS;
  bindClass(bind, T.accountRepository, MikroOrmAccountRepository, [SERVER_TOKENS.database]);
  bindClass(bind, T.apiKeyRepository, MikroOrmApiKeyRepository, [SERVER_TOKENS.database]);
  // Revoked keys and suspended accounts are heard by every process (LISTEN/NOTIFY): the key cache forgets them.
  bind(T.accounts).toResolvedValue(
    (accountRepository: AccountRepository, apiKeyRepository: ApiKeyRepository, unitOfWork: UnitOfWork, clock: Clock, config: ServerConfig, notifications: DatabaseNotifications, digests: Digests) =>
      createAccounts({
        accountRepository,
        apiKeyRepository,
        unitOfWork,
        clock,
        defaultWalletCurrency: config.defaultWalletCurrency,
        accessChanges: new MikroOrmAccessChanges(notifications),
        digests,
      }),
    [T.accountRepository, T.apiKeyRepository, K.unitOfWork, K.clock, SERVER_TOKENS.config, SERVER_TOKENS.notifications, K.digests],
  );
});

/** Accounts, API keys (the operator's and the dashboard's routes) and operator access; the SMS API's key check (svc_live_, svc_test_ and the operator key). */
export const accountsServerModule: ServerModule = {
  name: 'accounts',
  bindings,
  authenticator: (container) => {
    const authenticate = resolve(container, ACCOUNTS_TOKENS.accounts).authenticateApiKey;
    return (token) => authenticate.execute(token);
  },
  routes: (container) => [
    ...authRoutes({ walletLedger: resolve(container, BILLING_TOKENS.walletLedger) }),
    ...adminAccountRoutes(resolve(container, ACCOUNTS_TOKENS.accounts)),
    ...apiKeyRoutes(resolve(container, ACCOUNTS_TOKENS.accounts)),
  ],
  consolePages: (container) => keyPages(resolve(container, ACCOUNTS_TOKENS.accounts)),
};
