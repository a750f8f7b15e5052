import { ACCOUNTS_TOKENS, type AccountRepository } from '@tuma/accounts';
import { AdjustBalance, BILLING_TOKENS, WalletLedger, type BalanceReports, type WalletOwners, type WalletStore } from '@tuma/billing';
import { KERNEL_TOKENS, type Clock, type UnitOfWork } from '@tuma/kernel';
import { adminBalanceRoutes, balanceRoutes } from '@tuma/koa-adapter';
import { MikroOrmBalanceReports, MikroOrmWalletStore, type Database } from '@tuma/mikro-orm-adapter';
import { ContainerModule } from 'inversify';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const B = BILLING_TOKENS;
  const K = KERNEL_TOKENS;
  bind(B.walletStore).toResolvedValue((db: Database) => new MikroOrmWalletStore(db), [SERVER_TOKENS.database]);
  bind(B.walletLedger).toResolvedValue(
    (store: WalletStore, uow: UnitOfWork, clock: Clock) => new WalletLedger(store, uow, clock),
    [B.walletStore, K.unitOfWork, K.clock],
  );
  bind(B.walletOwners).toResolvedValue(
    (accounts: AccountRepository): WalletOwners => ({
      walletCurrencyOf: async (accountId) => (await accounts.findById(accountId))?.walletCurrency,
    }),
    [ACCOUNTS_TOKENS.accountRepository],
  );
  bind(B.adjustBalance).toResolvedValue(
    (owners: WalletOwners, ledger: WalletLedger, uow: UnitOfWork) => new AdjustBalance(owners, ledger, uow),
    [B.walletOwners, B.walletLedger, K.unitOfWork],
  );
  bind(B.balanceReports).toResolvedValue((db: Database): BalanceReports => new MikroOrmBalanceReports(db), [SERVER_TOKENS.database]);
});

/**
 * Wallets and their ledger. An account gets its wallet from the first credit path (top-up,
 * operator credit), which calls `openWallet` first; until then it has no wallet, so balances and
 * quotes show none (see docs/billing.md).
 */
export const billingServerModule: ServerModule = {
  name: 'billing',
  bindings,
  routes: (container) => [
    ...balanceRoutes({ walletLedger: resolve(container, BILLING_TOKENS.walletLedger) }),
    ...adminBalanceRoutes({
      adjustBalance: resolve(container, BILLING_TOKENS.adjustBalance),
      balanceReports: resolve(container, BILLING_TOKENS.balanceReports),
      clock: resolve(container, KERNEL_TOKENS.clock),
    }),
  ],
};
