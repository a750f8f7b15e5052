import type { Clock, UnitOfWork } from '@tuma/kernel';
import { AdjustBalance } from './application/adjust-balance.use-case.ts';
import { CloseTopUp } from './application/close-top-up.use-case.ts';
import { CompleteTopUp } from './application/complete-top-up.use-case.ts';
import type { FxRates } from './application/fx-rates.port.ts';
import { GetCheckout } from './application/get-checkout.use-case.ts';
import { GetTopUpStatus } from './application/get-top-up-status.use-case.ts';
import { ListFxRates } from './application/list-fx-rates.use-case.ts';
import type { PaymentProvider } from './application/payment-provider.port.ts';
import { ReceivePaymentWebhook } from './application/receive-payment-webhook.use-case.ts';
import { SeedSampleFxRates } from './application/seed-sample-fx-rates.use-case.ts';
import { SetFxRate } from './application/set-fx-rate.use-case.ts';
import { StartTopUp, type TopUpReturnUrls } from './application/start-top-up.use-case.ts';
import type { TopUpFollowers } from './application/top-up-followers.port.ts';
import type { TopUpRepository } from './application/top-up.repository.port.ts';
import { WalletLedger } from './application/wallet-ledger.ts';
import type { WalletOwners } from './application/wallet-owners.port.ts';
import type { WalletStore } from './application/wallet-store.port.ts';

export interface BillingPorts {
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly walletStore: WalletStore;
  readonly walletOwners: WalletOwners;
  readonly fxRates: FxRates;
  readonly topUpRepository: TopUpRepository;
  /** Where top-ups are paid; without one, top-ups answer payments_not_configured. */
  readonly paymentProvider?: PaymentProvider;
  /** Where the payer comes back to after the checkout of a top-up. */
  readonly topUpReturnUrls: (topUpId: string) => TopUpReturnUrls;
  /** Told of each completed top-up once it committed; nobody by default. */
  readonly topUpFollowers?: TopUpFollowers;
}

/** The wallet, its ledger, FX rates and top-ups: every use case of the package, built from its ports (as `createMessaging`). */
export function createBilling(ports: BillingPorts) {
  const { unitOfWork: uow, clock, fxRates, topUpRepository: topUps, paymentProvider: provider } = ports;
  const walletLedger = new WalletLedger(ports.walletStore, uow, clock);
  const completeTopUp = new CompleteTopUp(topUps, walletLedger, uow, clock, ports.topUpFollowers);
  const closeTopUp = new CloseTopUp(topUps, uow, clock);
  return {
    walletLedger,
    adjustBalance: new AdjustBalance(ports.walletOwners, walletLedger, uow),
    startTopUp: new StartTopUp(topUps, provider, uow, clock, ports.topUpReturnUrls),
    completeTopUp,
    closeTopUp,
    /** Present only with a payment provider: its webhooks are the only way in. */
    receivePaymentWebhook: provider ? new ReceivePaymentWebhook(provider, completeTopUp, closeTopUp) : undefined,
    getTopUpStatus: new GetTopUpStatus(topUps, walletLedger),
    getCheckout: new GetCheckout(topUps),
    setFxRate: new SetFxRate(fxRates, uow, clock),
    listFxRates: new ListFxRates(fxRates),
    seedSampleFxRates: new SeedSampleFxRates(fxRates, uow, clock),
  };
}

/** The billing use cases, as `createBilling` builds them. */
export type Billing = ReturnType<typeof createBilling>;
