import { BILLING_TOKENS, type WalletLedger } from '@tuma/billing';
import { KERNEL_TOKENS, type CurrencyCode } from '@tuma/kernel';
import { adminFxRateRoutes, numberValidationRoutes, quoteRoutes } from '@tuma/koa-adapter';
import { MESSAGING_TOKENS, type MissingFxRate } from '@tuma/messaging';
import { CachingFxRates, MikroOrmFxRates, type Database, type DatabaseNotifications } from '@tuma/mikro-orm-adapter';
import { ContainerModule, type Container } from 'inversify';
import type { ServerConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';
import { messagingOf } from './sms-core.module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const B = BILLING_TOKENS;
  // Resolved rates are kept in process and emptied in every process when a rate is set.
  bind(B.fxRates).toResolvedValue(
    (database: Database, notifications: DatabaseNotifications) => new CachingFxRates(new MikroOrmFxRates(database), notifications),
    [SERVER_TOKENS.database, SERVER_TOKENS.notifications],
  );
  // Quotes read the real wallet balances (the ledger, built by the billing module).
  bind(B.walletBalances).toResolvedValue((ledger: WalletLedger) => ledger, [B.walletLedger]);
});

/** Active routes that wallets in use (and new accounts' default currency) cannot be charged for. */
export async function missingFxRates(container: Container): Promise<readonly MissingFxRate[]> {
  const config: ServerConfig = resolve(container, SERVER_TOKENS.config);
  const stats = await resolve(container, BILLING_TOKENS.balanceReports).stats(resolve(container, KERNEL_TOKENS.clock).now());
  const walletCurrencies = [config.defaultWalletCurrency as CurrencyCode, ...stats.totals.map((total) => total.currency)];
  return messagingOf(container).findMissingFxRates.execute(walletCurrencies).unwrapOr([]);
}

/** A fresh PostgreSQL install has no exchange rates: say at start which sends cannot be priced yet. */
async function announceMissingRates(container: Container): Promise<void> {
  const missing = await missingFxRates(container);
  if (missing.length === 0) return;
  const logger: Logger = resolve(container, SERVER_TOKENS.logger);
  logger.warn({
    msg: 'exchange rates missing: sends to these routes answer 503 pricing_unavailable until the operator sets them (POST /api/admin/fx-rates or npm run cli -- fx:set); GET /health/ready lists them',
    missing: missing.map((gap) => `${gap.from}->${gap.to} (${gap.routes.length} routes)`),
  });
}

/**
 * Demo installs only (TUMA_SEED_DEMO, the default for the embedded database): SAMPLE exchange
 * rates from USD into the currency of every active route, for pairs that do not resolve yet, so
 * that the demo account's USD wallet gets quotes at once. Never on a production database unless
 * asked, and never over an operator's rate. See docs/pricing.md.
 */
async function seedSampleRates(container: Container): Promise<void> {
  const config: ServerConfig = resolve(container, SERVER_TOKENS.config);
  if (!config.seedDemo) return;
  const routes = await resolve(container, MESSAGING_TOKENS.catalogue).listRoutes();
  const currencies = routes.filter((route) => route.isActive).map((route) => route.currency);
  const seeded = (await resolve(container, BILLING_TOKENS.billing).seedSampleFxRates.execute(currencies)).unwrapOr([]);
  if (seeded.length > 0) {
    const logger: Logger = resolve(container, SERVER_TOKENS.logger);
    logger.info({ msg: 'seeded SAMPLE exchange rates (demo data; set real ones with POST /api/admin/fx-rates)', rates: seeded.length });
  }
}

/** FX rates, number validation and price quotes. */
export const pricingServerModule: ServerModule = {
  name: 'pricing',
  bindings,
  routes: (container) => [
    ...numberValidationRoutes(),
    ...quoteRoutes(messagingOf(container)),
    ...adminFxRateRoutes(resolve(container, BILLING_TOKENS.billing)),
  ],
  onStart: async (container) => {
    await seedSampleRates(container);
    await announceMissingRates(container);
  },
};
