import { randomBytes } from 'node:crypto';
import { BILLING_TOKENS, type PaymentProvider } from '@tuma/billing';
import { KERNEL_TOKENS, type Clock } from '@tuma/kernel';
import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { billingPages, checkoutPageRoutes, paymentWebhookRoutes, topUpRoutes } from '@tuma/koa-adapter';
import { MikroOrmTopUpRepository } from '@tuma/mikro-orm-adapter';
import { HostedCheckoutDesk, HostedCheckoutProvider, StripeCheckoutProvider } from '@tuma/payments-adapter';
import { bindClass } from '../../bind-class.ts';
import { WEBHOOKS_TOKENS, type TimestampedSignatures } from '@tuma/webhooks';
import { ContainerModule, type Container } from 'inversify';
import type { ServerConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { PublicUrls } from '../../api-placement.ts';
import { topUpReturnUrls } from '../../public-base-url.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

function paymentProvider(config: ServerConfig, clock: Clock, urls: PublicUrls, signatures: TimestampedSignatures): PaymentProvider | undefined {
  switch (config.paymentProvider) {
    case 'stripe':
      if (!config.stripe) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
      return new StripeCheckoutProvider({ ...config.stripe, clock });
    case 'hosted': {
      // Without HOSTED_CHECKOUT_SECRET: a random key per process, never stored. The checkout signs
      // and the webhook verifies in the same process (the confirm posts to its own socket).
      const secret = config.hostedCheckoutSecret ?? randomBytes(32).toString('base64url');
      return new HostedCheckoutProvider({ secret, signatures, clock, checkoutUrl: (sessionId) => `${urls.sms.value}/checkout/${sessionId}` });
    }
    case undefined:
      return undefined;
  }
}

const bindings = new ContainerModule(({ bind }) => {
  const B = BILLING_TOKENS;
  const K = KERNEL_TOKENS;
  bindClass(bind, B.topUpRepository, MikroOrmTopUpRepository, [SERVER_TOKENS.database]);
  bind(B.paymentProvider).toResolvedValue(paymentProvider, [SERVER_TOKENS.config, K.clock, SERVER_TOKENS.publicUrls, WEBHOOKS_TOKENS.timestampedSignatures]);
});

function hostedCheckout(container: Container, provider: PaymentProvider | undefined) {
  if (!(provider instanceof HostedCheckoutProvider)) return undefined;
  const getCheckout = resolve(container, BILLING_TOKENS.billing).getCheckout;
  const urls = resolve(container, SERVER_TOKENS.publicUrls);
  return { getCheckout, actions: new HostedCheckoutDesk({ getCheckout, provider, returnUrls: topUpReturnUrls(urls.sms) }) };
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
    const billing = resolve(container, BILLING_TOKENS.billing);
    const receivePaymentWebhook = billing.receivePaymentWebhook;
    return [
      ...topUpRoutes(billing),
      ...(provider && receivePaymentWebhook ? paymentWebhookRoutes({ provider: provider.name, receivePaymentWebhook }) : []),
      ...checkoutPageRoutes({ getTopUpStatus: billing.getTopUpStatus, hosted: hostedCheckout(container, provider) }),
    ];
  },
  consolePages: (container) => {
    const accounts = resolve(container, ACCOUNTS_TOKENS.accountRepository);
    return billingPages({
      walletLedger: resolve(container, BILLING_TOKENS.walletLedger),
      startTopUp: resolve(container, BILLING_TOKENS.billing).startTopUp,
      readAccount: (accountId) => accounts.findById(accountId),
    });
  },
  onStart: announceProvider,
};
