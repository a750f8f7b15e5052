import { randomBytes } from 'node:crypto';
import {
  BILLING_TOKENS,
  CloseTopUp,
  CompleteTopUp,
  GetCheckout,
  GetTopUpStatus,
  ReceivePaymentWebhook,
  StartTopUp,
  type PaymentProvider,
  type TopUpRepository,
  type TopUpReturnUrls,
  type WalletLedger,
} from '@tuma/billing';
import { KERNEL_TOKENS, type Clock, type UnitOfWork } from '@tuma/kernel';
import { checkoutPageRoutes, paymentWebhookRoutes, topUpRoutes } from '@tuma/koa-adapter';
import { MikroOrmTopUpRepository, type Database } from '@tuma/mikro-orm-adapter';
import { HostedCheckoutDesk, HostedCheckoutProvider, StripeCheckoutProvider } from '@tuma/payments-adapter';
import { ContainerModule, type Container } from 'inversify';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { PublicBaseUrl } from '../public-base-url.ts';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

/** Both return URLs lead to the top-up's page; the cancel one says the payer left. */
const returnUrls =
  (base: PublicBaseUrl) =>
  (topUpId: string): TopUpReturnUrls => ({
    successUrl: `${base.value}/checkout/top-ups/${topUpId}`,
    cancelUrl: `${base.value}/checkout/top-ups/${topUpId}?cancelled=1`,
  });

function paymentProvider(config: ServerConfig, clock: Clock, base: PublicBaseUrl): PaymentProvider | undefined {
  switch (config.paymentProvider) {
    case 'stripe':
      if (!config.stripe) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
      return new StripeCheckoutProvider({ ...config.stripe, clock });
    case 'hosted': {
      // Without HOSTED_CHECKOUT_SECRET: a random key per process, never stored. The checkout signs
      // and the webhook verifies in the same process (the confirm posts to its own socket).
      const secret = config.hostedCheckoutSecret ?? randomBytes(32).toString('base64url');
      return new HostedCheckoutProvider({ secret, clock, checkoutUrl: (sessionId) => `${base.value}/checkout/${sessionId}` });
    }
    case undefined:
      return undefined;
  }
}

const bindings = new ContainerModule(({ bind }) => {
  const B = BILLING_TOKENS;
  const K = KERNEL_TOKENS;
  bind(B.topUpRepository).toResolvedValue((db: Database) => new MikroOrmTopUpRepository(db), [SERVER_TOKENS.database]);
  bind(B.paymentProvider).toResolvedValue(paymentProvider, [SERVER_TOKENS.config, K.clock, SERVER_TOKENS.publicBaseUrl]);
  bind(B.startTopUp).toResolvedValue(
    (topUps: TopUpRepository, provider: PaymentProvider | undefined, uow: UnitOfWork, clock: Clock, base: PublicBaseUrl) =>
      new StartTopUp(topUps, provider, uow, clock, returnUrls(base)),
    [B.topUpRepository, B.paymentProvider, K.unitOfWork, K.clock, SERVER_TOKENS.publicBaseUrl],
  );
  bind(B.completeTopUp).toResolvedValue(
    (topUps: TopUpRepository, ledger: WalletLedger, uow: UnitOfWork, clock: Clock) => new CompleteTopUp(topUps, ledger, uow, clock),
    [B.topUpRepository, B.walletLedger, K.unitOfWork, K.clock],
  );
  bind(B.closeTopUp).toResolvedValue(
    (topUps: TopUpRepository, uow: UnitOfWork, clock: Clock) => new CloseTopUp(topUps, uow, clock),
    [B.topUpRepository, K.unitOfWork, K.clock],
  );
  bind(B.receivePaymentWebhook).toResolvedValue(
    (provider: PaymentProvider | undefined, complete: CompleteTopUp, close: CloseTopUp) => {
      if (!provider) throw new Error('No payment provider is configured: payment webhooks are not served');
      return new ReceivePaymentWebhook(provider, complete, close);
    },
    [B.paymentProvider, B.completeTopUp, B.closeTopUp],
  );
  bind(B.getTopUpStatus).toResolvedValue(
    (topUps: TopUpRepository, ledger: WalletLedger) => new GetTopUpStatus(topUps, ledger),
    [B.topUpRepository, B.walletLedger],
  );
  bind(B.getCheckout).toResolvedValue((topUps: TopUpRepository) => new GetCheckout(topUps), [B.topUpRepository]);
});

function hostedCheckout(container: Container, provider: PaymentProvider | undefined) {
  if (!(provider instanceof HostedCheckoutProvider)) return undefined;
  const getCheckout = resolve(container, BILLING_TOKENS.getCheckout);
  const base = resolve(container, SERVER_TOKENS.publicBaseUrl);
  return { getCheckout, actions: new HostedCheckoutDesk({ getCheckout, provider, returnUrls: returnUrls(base) }) };
}

/** Says which provider takes payments, and why top-ups are refused when none does. */
async function announceProvider(container: Container): Promise<void> {
  const config: ServerConfig = resolve(container, SERVER_TOKENS.config);
  const logger: Logger = resolve(container, SERVER_TOKENS.logger);
  if (!config.paymentProvider) {
    logger.warn({
      msg: 'top-ups are off: no payment provider is configured, so POST /api/balance/topup answers 503 payments_not_configured; set PAYMENT_PROVIDER=stripe (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) to take payments',
    });
  } else if (config.paymentProvider === 'hosted' && config.databaseUrl) {
    logger.warn({ msg: 'top-ups use the built-in hosted checkout, which credits wallets without taking money (PAYMENT_PROVIDER=hosted); set PAYMENT_PROVIDER=stripe for real payments' });
  } else {
    logger.info({ msg: 'payment provider', provider: config.paymentProvider });
  }
}

/** Wallet top-ups: the payment provider, its webhook, the checkout pages and POST /api/balance/topup. */
export const paymentsServerModule: ServerModule = {
  name: 'payments',
  bindings,
  routes: (container) => {
    const provider = resolve(container, BILLING_TOKENS.paymentProvider);
    return [
      ...topUpRoutes({ startTopUp: resolve(container, BILLING_TOKENS.startTopUp) }),
      ...(provider ? paymentWebhookRoutes({ provider: provider.name, receivePaymentWebhook: resolve(container, BILLING_TOKENS.receivePaymentWebhook) }) : []),
      ...checkoutPageRoutes({ getTopUpStatus: resolve(container, BILLING_TOKENS.getTopUpStatus), hosted: hostedCheckout(container, provider) }),
    ];
  },
  onStart: announceProvider,
};
