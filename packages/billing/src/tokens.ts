import { token } from '@tuma/kernel';
import type { FxRates } from './application/fx-rates.port.ts';
import type { ListFxRates } from './application/list-fx-rates.use-case.ts';
import type { SeedSampleFxRates } from './application/seed-sample-fx-rates.use-case.ts';
import type { SetFxRate } from './application/set-fx-rate.use-case.ts';
import type { WalletBalances } from './application/wallet-balances.port.ts';

export const BILLING_TOKENS = {
  fxRates: token<FxRates>('billing.FxRates'),
  walletBalances: token<WalletBalances>('billing.WalletBalances'),
  setFxRate: token<SetFxRate>('billing.SetFxRate'),
  listFxRates: token<ListFxRates>('billing.ListFxRates'),
  seedSampleFxRates: token<SeedSampleFxRates>('billing.SeedSampleFxRates'),
};
