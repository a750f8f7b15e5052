import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { BILLING_TOKENS, type TopUpFollowers } from '@tuma/billing';
import { KERNEL_TOKENS } from '@tuma/kernel';
import { adminTwoWayRoutes, twoWayPages, twoWayRoutes } from '@tuma/koa-adapter';
import { IDENTITY_TOKENS } from '@tuma/identity';
import { MESSAGING_TOKENS, type InboundClaims, type Messaging } from '@tuma/messaging';
import { MikroOrmAccountSmsPrices, MikroOrmShortCodeInventory, MikroOrmTwoWayMessageLog, MikroOrmTwoWayPriceTable, MikroOrmTwoWayServiceRepository } from '@tuma/mikro-orm-adapter';
import { createTwoWay, TWO_WAY_TOKENS, twoWayJobRoutes, type TwoWay, type WebhookUrlPolicy } from '@tuma/two-way';
import { WEBHOOKS_TOKENS, type WebhookDestinations } from '@tuma/webhooks';
import { ContainerModule, type Container } from 'inversify';
import { bindClass, bindFactory } from '../../bind-class.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

const T = TWO_WAY_TOKENS;
const K = KERNEL_TOKENS;
const B = BILLING_TOKENS;
const S = SERVER_TOKENS;

/** Services' webhook URLs pass the engine's SSRF guard (DNS included), as the SMS webhook settings do. */
const webhookUrlPolicy = (destinations: WebhookDestinations): WebhookUrlPolicy => ({
  check: async (raw) => (await destinations.check(raw)).map((destination) => destination.url.href),
});

const bindings = new ContainerModule(({ bind }) => {
  bindClass(bind, T.services, MikroOrmTwoWayServiceRepository, [S.database]);
  bindClass(bind, T.priceTable, MikroOrmTwoWayPriceTable, [S.database]);
  bindClass(bind, T.inventory, MikroOrmShortCodeInventory, [S.database]);
  bindClass(bind, T.messageLog, MikroOrmTwoWayMessageLog, [S.database]);
  bindClass(bind, T.accountPrices, MikroOrmAccountSmsPrices, [S.database]);
  bind(T.webhookUrls).toResolvedValue(webhookUrlPolicy, [WEBHOOKS_TOKENS.webhookDestinations]);
  // Copies to forward_email go through the platform's Mailer (the local outbox, or SMTP_URL).
  bind(T.mailer).toResolvedValue((mailer) => mailer, [IDENTITY_TOKENS.mailer]);
  bind(T.sendMessage).toResolvedValue((messaging: Messaging) => messaging.sendMessage, [MESSAGING_TOKENS.messaging]);
  // The SMS core asks two-way about each inbound message; two-way is built over the SMS core's
  // sending path, so it is looked up when a message comes, not when the SMS core is built.
  // A completed top-up retries the account's fees past due at once (billing is built before two-way: looked up when told).
  bind(B.topUpFollowers).toDynamicValue((context): TopUpFollowers => ({
    credited: async (accountId) => void (await context.get<TwoWay>(T.twoWay).renewServices.retryUnpaidOf(accountId)),
  }));
  bind(MESSAGING_TOKENS.inboundClaims).toDynamicValue((context): InboundClaims => {
    const inbound = () => context.get<TwoWay>(T.twoWay).shortCodeInbound;
    return { claim: (sms) => inbound().claim(sms), forwardUrlNow: (accountId, fields) => inbound().forwardUrlNow(accountId, fields) };
  });
  bindFactory(bind, T.twoWay, createTwoWay, {
    unitOfWork: K.unitOfWork,
    clock: K.clock,
    jobs: K.jobScheduler,
    services: T.services,
    priceTable: T.priceTable,
    inventory: T.inventory,
    webhookUrls: T.webhookUrls,
    catalogue: MESSAGING_TOKENS.catalogue,
    walletLedger: B.walletLedger,
    walletOwners: B.walletOwners,
    fxRates: B.fxRates,
    messageLog: T.messageLog,
    sendMessage: T.sendMessage,
    optOuts: MESSAGING_TOKENS.optOutList,
    mailer: T.mailer,
    accountPrices: T.accountPrices,
  });
});

const twoWayOf = (container: Container): TwoWay => resolve(container, T.twoWay);

function registerJobs(container: Container): void {
  const db = resolve(container, S.database);
  const workers = resolve(container, S.jobs);
  for (const route of twoWayJobRoutes(twoWayOf(container))) route.register(workers, (attempt) => db.withContext(attempt));
}

/** Two-Way SMS (docs/two-way.md): pricing, services, the operator's review and inventory, the hourly renewal sweep. */
export const twoWayServerModule: ServerModule = {
  name: 'two-way',
  bindings,
  routes: (container) => [...twoWayRoutes(twoWayOf(container)), ...adminTwoWayRoutes(twoWayOf(container))],
  consolePages: (container) => {
    const accounts = resolve(container, ACCOUNTS_TOKENS.accountRepository);
    return twoWayPages({ ...twoWayOf(container), readAccount: (accountId) => accounts.findById(accountId) });
  },
  jobs: registerJobs,
  onJobsStarted: (container) => twoWayOf(container).renewServices.scheduleNext(),
};
