import { token } from '@tuma/kernel';
import type { Billing } from './create-billing.ts';
import type { BalanceReports } from './application/balance-reports.port.ts';
import type { WalletOwners } from './application/wallet-owners.port.ts';
import type { PaymentProvider } from './application/payment-provider.port.ts';
import type { TopUpRepository } from './application/top-up.repository.port.ts';
import type { TopUpFollowers } from './application/top-up-followers.port.ts';
import type { FxRates } from './application/fx-rates.port.ts';
import type { WalletBalances } from './application/wallet-balances.port.ts';
import type { WalletLedger } from './application/wallet-ledger.ts';
import type { WalletStore } from './application/wallet-store.port.ts';

export const BILLING_TOKENS = {
  /** The billing use cases (`createBilling`). */
  billing: token<Billing>('billing.Billing'),
  fxRates: token<FxRates>('billing.FxRates'),
  walletBalances: token<WalletBalances>('billing.WalletBalances'),
  // wallets and their ledger
  walletStore: token<WalletStore>('billing.WalletStore'),
  walletLedger: token<WalletLedger>('billing.WalletLedger'),
  walletOwners: token<WalletOwners>('billing.WalletOwners'),
  balanceReports: token<BalanceReports>('billing.BalanceReports'),
  // top-ups
  topUpRepository: token<TopUpRepository>('billing.TopUpRepository'),
  /** Undefined when no provider is configured: top-ups then answer payments_not_configured. */
  paymentProvider: token<PaymentProvider | undefined>('billing.PaymentProvider'),
  /** Told of each completed top-up (two-way retries fees past due). */
  topUpFollowers: token<TopUpFollowers>('billing.TopUpFollowers'),
};
