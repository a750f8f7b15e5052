import { ACCOUNTS_TOKENS, type AccountRepository } from '@tuma/accounts';
import { BILLING_TOKENS, createBilling, type BalanceReports, type Billing, type FxRates, type PaymentProvider, type TopUpFollowers, type TopUpRepository, type WalletOwners, type WalletStore } from '@tuma/billing';
import { KERNEL_TOKENS, type Clock, type UnitOfWork } from '@tuma/kernel';
import { adminBalanceRoutes, balanceRoutes } from '@tuma/koa-adapter';
import { MikroOrmBalanceReports, MikroOrmWalletStore, type Database } from '@tuma/mikro-orm-adapter';
import { bindClass } from '../../bind-class.ts';
import { ContainerModule } from 'inversify';
import { resolve } from '../../resolve.ts';
import type { PublicUrls } from '../../api-placement.ts';
import { topUpReturnUrls } from '../../public-base-url.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const B = BILLING_TOKENS;
  const K = KERNEL_TOKENS;
  bindClass(bind, B.walletStore, MikroOrmWalletStore, [SERVER_TOKENS.database]);
  bind(B.billing).toResolvedValue(
    (walletStore: WalletStore, walletOwners: WalletOwners, fxRates: FxRates, topUpRepository: TopUpRepository, paymentProvider: PaymentProvider | undefined, unitOfWork: UnitOfWork, clock: Clock, urls: PublicUrls, topUpFollowers: TopUpFollowers) =>
      createBilling({ walletStore, walletOwners, fxRates, topUpRepository, paymentProvider, unitOfWork, clock, topUpReturnUrls: topUpReturnUrls(urls.sms), topUpFollowers }),
    [B.walletStore, B.walletOwners, B.fxRates, B.topUpRepository, B.paymentProvider, K.unitOfWork, K.clock, SERVER_TOKENS.publicUrls, B.topUpFollowers],
  );
  // The ledger is also a port of the SMS core (charges, refunds) and of quotes (balances).
  bind(B.walletLedger).toResolvedValue((billing: Billing) => billing.walletLedger, [B.billing]);
  bind(B.walletOwners).toResolvedValue(
    (accounts: AccountRepository): WalletOwners => ({
      walletCurrencyOf: async (accountId) => (await accounts.findById(accountId))?.walletCurrency,
    }),
    [ACCOUNTS_TOKENS.accountRepository],
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
      adjustBalance: resolve(container, BILLING_TOKENS.billing).adjustBalance,
      balanceReports: resolve(container, BILLING_TOKENS.balanceReports),
      clock: resolve(container, KERNEL_TOKENS.clock),
    }),
  ],
};
