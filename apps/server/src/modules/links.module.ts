import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { IDENTITY_TOKENS } from '@tuma/identity';
import { KERNEL_TOKENS, token } from '@tuma/kernel';
import { campaignRoutes, linkAnalyticsRoutes, linkExtraPages, linkPages, linkRoutes, linksAccountRoutes, linksKeyRoutes, qrCodeRoutes } from '@tuma/koa-adapter';
import { SUBSCRIPTIONS_TOKENS, type SubscriptionsService } from '@tuma/subscriptions';
import { createLinks, LINKS_TOKENS, type ClickStore, type LinksPlans, type LinksPorts, type LinksService } from '@tuma/links';
import { BowserVisitorProfiler, GeoipCountryLookup, HmacVisitorKeys, QrcodeRenderer, readBlockedHosts } from '@tuma/links-adapter';
import { CachingLinkRepository, MikroOrmClicks, MikroOrmLinkRepository, MikroOrmCampaignRepository, MikroOrmLinksUsage, MikroOrmQrCodeRepository, type Database, type DatabaseNotifications } from '@tuma/mikro-orm-adapter';
import { WEBHOOKS_TOKENS } from '@tuma/webhooks';
import { ContainerModule } from 'inversify';
import { bindClass, bindFactory } from '../bind-class.ts';
import type { PublicUrls } from '../api-placement.ts';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { PeriodicTask } from '../periodic-task.ts';
import { resolve } from '../resolve.ts';
import { linksVisitorSalt } from '../server-secrets.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

const L = LINKS_TOKENS;
const S = SERVER_TOKENS;
const CLICK_FLUSHER = token<PeriodicTask>('server.ClickFlusher');

const bindings = new ContainerModule(({ bind }) => {
  // Redirects read links through a per-process cache every process empties on a change (LISTEN/NOTIFY).
  bind(L.linkRepository).toResolvedValue(
    (database: Database, notifications: DatabaseNotifications) => new CachingLinkRepository(new MikroOrmLinkRepository(database), notifications, database),
    [S.database, S.notifications],
  );
  // A flush runs in a database context of its own: it may start inside a redirect's request and outlive it.
  bind(L.clickStore).toResolvedValue((database: Database): ClickStore => {
    const clicks = new MikroOrmClicks(database);
    return { append: (batch) => database.withContext(() => clicks.append(batch)) };
  }, [S.database]);
  bindClass(bind, L.clickAnalytics, MikroOrmClicks, [S.database]);
  bindClass(bind, L.qrCodeRepository, MikroOrmQrCodeRepository, [S.database]);
  bindClass(bind, L.campaignRepository, MikroOrmCampaignRepository, [S.database]);
  bindClass(bind, L.linksUsage, MikroOrmLinksUsage, [S.database]);
  // The plan in force is the account service's (its subscriptions): free until a paid one is active.
  bind(L.linksPlans).toResolvedValue(
    (subscriptions: SubscriptionsService): LinksPlans => ({
      planOf: async (accountId) => {
        const plan = await subscriptions.currentLimits.execute(accountId, 'links');
        return plan.match(
          ({ tier, limits }) => ({ tier, monthlyLinks: limits.monthlyLinks, monthlyQr: limits.monthlyQr, analyticsDays: limits.analyticsDays }),
          (never) => never,
        );
      },
    }),
    [SUBSCRIPTIONS_TOKENS.subscriptions],
  );
  bind(L.qrRenderer).toConstantValue(new QrcodeRenderer());
  // Targets pass the webhook engine's URL policy (SSRF guard), as mail's webhooks and attachments do.
  bind(L.destinations).toResolvedValue((destinations) => destinations, [WEBHOOKS_TOKENS.webhookDestinations]);
  bind(L.blockedHosts).toResolvedValue((config: ServerConfig) => readBlockedHosts(config.links.blockedHostsFile), [S.config]);
  // Link passwords are hashed as the account service's are (scrypt at PASSWORD_HASH_COST).
  bind(L.passwords).toResolvedValue((hasher) => hasher, [IDENTITY_TOKENS.hasher]);
  bind(L.visitorProfiler).toConstantValue(new BowserVisitorProfiler());
  bind(L.countryLookup).toConstantValue(new GeoipCountryLookup());
  bind(L.visitorKeys).toResolvedValue((config: ServerConfig) => new HmacVisitorKeys(linksVisitorSalt(config)()), [S.config]);
  // Short links are served by the root app at /s/{slug}: SHORT_BASE_URL, else the SMS API's base URL + /s.
  bind(L.shortBaseUrl).toResolvedValue((config: ServerConfig, urls: PublicUrls) => () => config.links.shortBaseUrl ?? `${urls.sms.value}/s`, [S.config, S.publicUrls]);
  const build = ({ logger, ...ports }: LinksPorts & { logger: Logger }) =>
    createLinks({ ...ports, clickBuffer: { onError: (error) => logger.error({ msg: 'clicks not written (kept for the next flush)', error: String(error) }) } });
  bindFactory(bind, L.links, build, {
    linkRepository: L.linkRepository,
    destinations: L.destinations,
    blockedHosts: L.blockedHosts,
    passwords: L.passwords,
    qrCodeRepository: L.qrCodeRepository,
    qrRenderer: L.qrRenderer,
    campaignRepository: L.campaignRepository,
    linksUsage: L.linksUsage,
    linksPlans: L.linksPlans,
    clickStore: L.clickStore,
    clickAnalytics: L.clickAnalytics,
    visitorProfiler: L.visitorProfiler,
    countryLookup: L.countryLookup,
    visitorKeys: L.visitorKeys,
    clock: KERNEL_TOKENS.clock,
    shortBaseUrl: L.shortBaseUrl,
    logger: S.logger,
  });
  bind(CLICK_FLUSHER).toResolvedValue(
    (links: LinksService, logger: Logger) => new PeriodicTask(() => links.clickBuffer.flush(), 'clicks not written yet (kept for the next flush)', logger),
    [L.links, S.logger],
  );
});

/** The links API (docs/links.md): its own Koa app at `/links` (or LINKS_PORT): keys, links, QR codes, campaigns, analytics and the account; clicks flushed on a timer and at stop. */
export const linksServerModule: ServerModule = {
  name: 'links',
  api: 'links',
  bindings,
  // svc_l_ keys only: an SMS or mail key is as unknown here as a wrong one.
  authenticator: (container) => {
    const authenticate = resolve(container, ACCOUNTS_TOKENS.accounts).authenticateLinksKey;
    return (token) => authenticate.execute(token);
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
      ...linkAnalyticsRoutes(links),
      ...linksAccountRoutes(account),
    ];
  },
  // QR codes and campaigns first: `/links/qr` is theirs, not a link's `/links/:id`.
  consolePages: (container) => [...linkExtraPages(resolve(container, L.links)), ...linkPages(resolve(container, L.links))],
  onStart: async (container) => {
    const config: ServerConfig = resolve(container, S.config);
    await resolve(container, CLICK_FLUSHER).start(config.links.clickFlushMs / 1000);
  },
  onStop: async (container) => {
    resolve(container, CLICK_FLUSHER).stop();
    await resolve(container, L.links).clickBuffer.flush();
  },
};
