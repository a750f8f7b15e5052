import { BILLING_TOKENS, WalletLedger, type WalletStore } from '@tuma/billing';
import { KERNEL_TOKENS, type Clock, type UnitOfWork } from '@tuma/kernel';
import { MikroOrmWalletStore, type Database } from '@tuma/mikro-orm-adapter';
import { ContainerModule } from 'inversify';
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
});

/**
 * Wallets and their ledger. An account gets its wallet from the first credit path (top-up,
 * operator credit), which calls `openWallet` first; until then it has no wallet, so balances and
 * quotes show none (see docs/billing.md).
 */
export const billingServerModule: ServerModule = {
  name: 'billing',
  bindings,
};
