import { token } from '@tuma/kernel';
import type { AdjustBalance } from './application/adjust-balance.use-case.ts';
import type { BalanceReports } from './application/balance-reports.port.ts';
import type { WalletOwners } from './application/wallet-owners.port.ts';
import type { CloseTopUp } from './application/close-top-up.use-case.ts';
import type { CompleteTopUp } from './application/complete-top-up.use-case.ts';
import type { GetCheckout } from './application/get-checkout.use-case.ts';
import type { GetTopUpStatus } from './application/get-top-up-status.use-case.ts';
import type { PaymentProvider } from './application/payment-provider.port.ts';
import type { ReceivePaymentWebhook } from './application/receive-payment-webhook.use-case.ts';
import type { StartTopUp } from './application/start-top-up.use-case.ts';
import type { TopUpRepository } from './application/top-up.repository.port.ts';
import type { FxRates } from './application/fx-rates.port.ts';
import type { ListFxRates } from './application/list-fx-rates.use-case.ts';
import type { SeedSampleFxRates } from './application/seed-sample-fx-rates.use-case.ts';
import type { SetFxRate } from './application/set-fx-rate.use-case.ts';
import type { WalletBalances } from './application/wallet-balances.port.ts';
import type { WalletLedger } from './application/wallet-ledger.ts';
import type { WalletStore } from './application/wallet-store.port.ts';

export const BILLING_TOKENS = {
  fxRates: token<FxRates>('billing.FxRates'),
  walletBalances: token<WalletBalances>('billing.WalletBalances'),
  setFxRate: token<SetFxRate>('billing.SetFxRate'),
  listFxRates: token<ListFxRates>('billing.ListFxRates'),
  seedSampleFxRates: token<SeedSampleFxRates>('billing.SeedSampleFxRates'),
  // wallets and their ledger
  walletStore: token<WalletStore>('billing.WalletStore'),
  walletLedger: token<WalletLedger>('billing.WalletLedger'),
  walletOwners: token<WalletOwners>('billing.WalletOwners'),
  adjustBalance: token<AdjustBalance>('billing.AdjustBalance'),
  balanceReports: token<BalanceReports>('billing.BalanceReports'),
  // top-ups
  topUpRepository: token<TopUpRepository>('billing.TopUpRepository'),
  /** Undefined when no provider is configured: top-ups then answer payments_not_configured. */
  paymentProvider: token<PaymentProvider | undefined>('billing.PaymentProvider'),
  startTopUp: token<StartTopUp>('billing.StartTopUp'),
  completeTopUp: token<CompleteTopUp>('billing.CompleteTopUp'),
  closeTopUp: token<CloseTopUp>('billing.CloseTopUp'),
  receivePaymentWebhook: token<ReceivePaymentWebhook>('billing.ReceivePaymentWebhook'),
  getTopUpStatus: token<GetTopUpStatus>('billing.GetTopUpStatus'),
  getCheckout: token<GetCheckout>('billing.GetCheckout'),
};
