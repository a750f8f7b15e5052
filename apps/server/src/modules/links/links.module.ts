import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { BILLING_TOKENS } from '@tuma/billing';
import { MESSAGING_TOKENS, type Messaging } from '@tuma/messaging';
import { IDENTITY_TOKENS } from '@tuma/identity';
import { errAsync, KERNEL_TOKENS, okAsync, ResultAsync, token } from '@tuma/kernel';
import { campaignRoutes, linkAnalyticsRoutes, linkDomainPages, linkDomainRoutes, linkExtraPages, linkPages, linkWebhookPages, linkWebhookRoutes, linkRoutes, linksAccountRoutes, linksKeyRoutes, qrCodeRoutes } from '@tuma/koa-adapter';
import type { NodeDnsResolver } from '@tuma/dns-adapter';
import { SUBSCRIPTIONS_TOKENS, type SubscriptionsService } from '@tuma/subscriptions';
import { createLinks, linksJobRoutes, LINKS_TOKENS, type ApiRequestCounts, type LinksPlans, type LinksPorts, type LinksService } from '@tuma/links';
import { BowserVisitorProfiler, GeoipCountryLookup, HandshakeTlsProvisioner, SaltedVisitorKeys, NoTlsProvisioner, QrcodeRenderer, readBlockedHosts, tlsProbeFrom } from '@tuma/links-adapter';
import { CachingBrandedDomainRepository, CachingLinkRepository, MikroOrmApiRequestCounts, MikroOrmLinkWebhookRepository, MikroOrmBrandedDomainRepository, MikroOrmClicks, MikroOrmLinkRepository, MikroOrmCampaignRepository, MikroOrmLinksUsage, MikroOrmQrCodeRepository, isDatabaseUnreachable, type Database, type DatabaseNotifications, type DatabaseOutage } from '@tuma/mikro-orm-adapter';
import { WEBHOOKS_TOKENS } from '@tuma/webhooks';
import { ContainerModule } from 'inversify';
import { bindClass, bindFactory } from '../../bind-class.ts';
import type { PublicUrls } from '../../api-placement.ts';
import type { ServerConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { PeriodicTask } from '../../periodic-task.ts';
import { resolve } from '../../resolve.ts';
import { linksVisitorSalt, webhookSecretKey } from '../../server-secrets.ts';
import { AesGcmSecretCipher } from '@tuma/webhooks-adapter';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

const L = LINKS_TOKENS;
const S = SERVER_TOKENS;
const CLICK_FLUSHER = token<PeriodicTask>('server.ClickFlusher');

const bindings = new ContainerModule(({ bind }) => {
  // Redirects read links through a per-process cache every process empties on a change (LISTEN/NOTIFY).
  bind(L.linkRepository).toResolvedValue(
    (database: Database, notifications: DatabaseNotifications) => new CachingLinkRepository(new MikroOrmLinkRepository(database), notifications, database),
    [S.database, S.notifications],
  );
  // A flush runs in a database context of its own (createLinks' `background`): it may start inside a redirect's request and outlive it.
  bindClass(bind, L.clickStore, MikroOrmClicks, [S.database]);
  // Click webhooks' secrets are sealed as mail's are; deliveries go through the engine's shared outbox, sender and URL policy.
  bind(L.linkWebhookRepository).toResolvedValue((database: Database, config: ServerConfig) => new MikroOrmLinkWebhookRepository(database, new AesGcmSecretCipher(webhookSecretKey(config))), [S.database, S.config]);
  bindClass(bind, L.clickAnalytics, MikroOrmClicks, [S.database]);
  bindClass(bind, L.qrCodeRepository, MikroOrmQrCodeRepository, [S.database]);
  bindClass(bind, L.campaignRepository, MikroOrmCampaignRepository, [S.database]);
  bindClass(bind, L.linksUsage, MikroOrmLinksUsage, [S.database]);
  // Counted in memory; the first read of a month and each flush run in a database context of their own.
  bind(L.apiRequestCounts).toResolvedValue((database: Database): ApiRequestCounts => {
    const counts = new MikroOrmApiRequestCounts(database);
    return { add: (month, increments) => database.withContext(() => counts.add(month, increments)), countOf: (month, accountId) => database.withContext(() => counts.countOf(month, accountId)) };
  }, [S.database]);
  // Redirects by Host read the verified domains from a per-process map every process empties on a change.
  bind(L.brandedDomainRepository).toResolvedValue(
    (database: Database, notifications: DatabaseNotifications) => new CachingBrandedDomainRepository(new MikroOrmBrandedDomainRepository(database), notifications, database),
    [S.database, S.notifications],
  );
  // TXT records through the server's one resolver (DNS_SERVERS, else the system's).
  bind(L.dnsResolver).toResolvedValue((dns: NodeDnsResolver) => dns, [S.dnsResolver]);
  // tls_ready by a handshake with the TLS terminator (Caddy) when LINKS_TLS_PROBE names it.
  bind(L.tlsProvisioner).toResolvedValue((config: ServerConfig) => (config.links.tlsProbe ? new HandshakeTlsProvisioner(tlsProbeFrom(config.links.tlsProbe)) : new NoTlsProvisioner()), [S.config]);
  // The plan in force is the account service's (its subscriptions): free until a paid one is active.
  bind(L.linksPlans).toResolvedValue(
    (subscriptions: SubscriptionsService): LinksPlans => ({
      planOf: async (accountId) => {
        const plan = await subscriptions.currentLimits.execute(accountId, 'links');
        return plan.match(
          ({ tier, limits }) => ({
            tier,
            monthlyLinks: limits.monthlyLinks,
            monthlyQr: limits.monthlyQr,
            apiMonthly: limits.apiMonthly,
            maxDomains: limits.maxDomains,
            analyticsDays: limits.analyticsDays,
            hasBrandedDomains: limits.hasBrandedDomains,
            hasCountryDeviceAnalytics: limits.hasCountryDeviceAnalytics,
            hasWebhooks: limits.hasWebhooks,
            hasSmsIntegration: limits.hasSmsIntegration,
          }),
          (never) => never,
        );
      },
    }),
    [SUBSCRIPTIONS_TOKENS.subscriptions],
  );
  bind(L.qrRenderer).toConstantValue(new QrcodeRenderer());
  // Links sent by SMS go through the SMS platform's send path, as two-way's replies and Verify's codes do.
  bind(L.sendMessage).toResolvedValue((messaging: Messaging) => messaging.sendMessage, [MESSAGING_TOKENS.messaging]);
  // Targets pass the webhook engine's URL policy (SSRF guard), as mail's webhooks and attachments do.
  bind(L.destinations).toResolvedValue((destinations) => destinations, [WEBHOOKS_TOKENS.webhookDestinations]);
  bind(L.blockedHosts).toResolvedValue((config: ServerConfig) => readBlockedHosts(config.links.blockedHostsFile), [S.config]);
  // Link passwords are hashed as the account service's are (scrypt at PASSWORD_HASH_COST).
  bind(L.passwords).toResolvedValue((hasher) => hasher, [IDENTITY_TOKENS.hasher]);
  bind(L.visitorProfiler).toConstantValue(new BowserVisitorProfiler());
  bind(L.countryLookup).toConstantValue(new GeoipCountryLookup());
  bind(L.visitorKeys).toResolvedValue((config: ServerConfig) => new SaltedVisitorKeys(linksVisitorSalt(config)()), [S.config]);
  // Short links are served by the root app at /s/{slug}: SHORT_BASE_URL, else the SMS API's base URL + /s.
  bind(L.shortBaseUrl).toResolvedValue((config: ServerConfig, urls: PublicUrls) => () => config.links.shortBaseUrl ?? `${urls.sms.value}/s`, [S.config, S.publicUrls]);
  const build = ({ logger, database, outage, ...ports }: Omit<LinksPorts, 'background'> & { logger: Logger; database: Database; outage: DatabaseOutage }) =>
    createLinks({
      ...ports,
      background: (work) => database.withContext(work),
      clickBuffer: {
        // An outage is logged once (DatabaseOutage), and its failed flushes do not count against the clicks' attempts.
        onError: (error) => outage.noted(error) || logger.error({ msg: 'clicks not written (kept for the next flush)', error: String(error) }),
        transient: isDatabaseUnreachable,
      },
    });
  bindFactory(bind, L.links, build, {
    outage: S.outage,
    linkRepository: L.linkRepository,
    destinations: L.destinations,
    blockedHosts: L.blockedHosts,
    passwords: L.passwords,
    failureLog: KERNEL_TOKENS.failureLog,
    qrCodeRepository: L.qrCodeRepository,
    qrRenderer: L.qrRenderer,
    campaignRepository: L.campaignRepository,
    brandedDomainRepository: L.brandedDomainRepository,
    dnsResolver: L.dnsResolver,
    tlsProvisioner: L.tlsProvisioner,
    linksUsage: L.linksUsage,
    apiRequestCounts: L.apiRequestCounts,
    linksPlans: L.linksPlans,
    clickStore: L.clickStore,
    clickAnalytics: L.clickAnalytics,
    visitorProfiler: L.visitorProfiler,
    countryLookup: L.countryLookup,
    visitorKeys: L.visitorKeys,
    clock: KERNEL_TOKENS.clock,
    shortBaseUrl: L.shortBaseUrl,
    linkWebhookRepository: L.linkWebhookRepository,
    sendMessage: L.sendMessage,
    walletOwners: BILLING_TOKENS.walletOwners,
    webhookDeliveries: WEBHOOKS_TOKENS.webhookDeliveryRepository,
    webhookSender: WEBHOOKS_TOKENS.webhookSender,
    jobs: KERNEL_TOKENS.jobScheduler,
    unitOfWork: KERNEL_TOKENS.unitOfWork,
    logger: S.logger,
    database: S.database,
  });
  bind(CLICK_FLUSHER).toResolvedValue(
    (links: LinksService, logger: Logger, outage: DatabaseOutage) =>
      new PeriodicTask(async () => void (await Promise.all([links.clickBuffer.flush(), links.apiRequests.flush()])), 'clicks or API request counts not written yet (kept for the next flush)', logger, outage),
    [L.links, S.logger, S.outage],
  );
});

/** The links API (docs/links.md): its own Koa app at `/links` (or LINKS_PORT): keys, links, QR codes, campaigns, analytics and the account; clicks flushed on a timer and at stop. */
export const linksServerModule: ServerModule = {
  name: 'links',
  api: 'links',
  bindings,
  // svc_l_ keys only: an SMS or mail key is as unknown here as a wrong one. A live key's request counts
  // against the plan's api_monthly (402 past it), in memory (docs/links.md, "API requests").
  authenticator: (container) => {
    const authenticate = resolve(container, ACCOUNTS_TOKENS.accounts).authenticateLinksKey;
    const meter = resolve(container, L.links).apiRequests;
    return (token) =>
      authenticate.execute(token).andThen((principal) =>
        principal.apiKey.environment === 'test'
          ? okAsync(principal)
          : ResultAsync.fromSafePromise(meter.admit(principal.account.id)).andThen((refused) => (refused ? errAsync(refused) : okAsync(principal))),
      );
  },
  routes: (container) => {
    const links = resolve(container, L.links);
    // The account's plan is the account service's: its links subscription, else free.
    const account = { getLinksUsage: links.getLinksUsage, currentLimits: resolve(container, SUBSCRIPTIONS_TOKENS.subscriptions).currentLimits };
    return [
      ...linksKeyRoutes(resolve(container, ACCOUNTS_TOKENS.accounts)),
      ...linkRoutes(links),
      ...qrCodeRoutes(links),
      ...campaignRoutes(links),
      ...linkDomainRoutes(links),
      ...linkWebhookRoutes(links),
      ...linkAnalyticsRoutes(links),
      ...linksAccountRoutes(account),
    ];
  },
  // The delivery attempts of click webhooks (links profile), each in a database context of its own.
  jobs: (container) => {
    const database = resolve(container, S.database);
    const workers = resolve(container, S.jobs);
    for (const route of linksJobRoutes(resolve(container, L.links))) route.register(workers, (attempt) => database.withContext(attempt));
  },
  // QR codes, campaigns, domains and webhooks first: `/links/qr` is theirs, not a link's `/links/:id`.
  consolePages: (container) => [
    ...linkExtraPages(resolve(container, L.links)),
    ...linkDomainPages(resolve(container, L.links)),
    ...linkWebhookPages(resolve(container, L.links)),
    ...linkPages(resolve(container, L.links)),
  ],
  onStart: async (container) => {
    const config: ServerConfig = resolve(container, S.config);
    await resolve(container, CLICK_FLUSHER).start(config.links.clickFlushMs / 1000);
  },
  onStop: async (container) => {
    resolve(container, CLICK_FLUSHER).stop();
    await resolve(container, L.links).clickBuffer.flush();
    // The last counts: not written (database gone), they are lost as a crash would lose them; the stop goes on.
    await resolve(container, L.links)
      .apiRequests.flush()
      .catch((error: unknown) => resolve(container, S.logger).error({ msg: 'links API request counts not written at stop', error: String(error) }));
  },
};
