import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { IDEMPOTENCY_TOKENS } from '@tuma/idempotency';
import { KERNEL_TOKENS, type Clock } from '@tuma/kernel';
import { mailAccessPages, mailActivityPages, mailForwardPages, mailAnalyticsRoutes, mailBillingRoutes, mailDomainPages, mailDomainRoutes, mailEmailRoutes, mailForwardRoutes, mailKeyRoutes, mailSenderAddressRoutes, mailSmtpCredentialRoutes, mailSuppressionRoutes, mailTrackingRoutes, mailWebhookRoutes } from '@tuma/koa-adapter';
import { createMail, MAIL_TOKENS, mailJobRoutes, type MailOutbox, type MailOutcomes, type MailTransport, type AttachmentSource, type MailPlans, type MailService, type ServiceMailer } from '@tuma/mail';
import type { NodeDnsResolver } from '@tuma/dns-adapter';
import { NodeDkimKeys, OutboxMailTransport, SmtpMailTransport } from '@tuma/mail-adapter';
import { MikroOrmEmailRepository, MikroOrmForwardRepository, MikroOrmMailAnalytics, MikroOrmMailDomainRepository, MikroOrmMailUsage, MikroOrmMailOutbox, MikroOrmMailWebhookRepository, MikroOrmSenderAddressRepository, MikroOrmSmtpCredentialRepository, MikroOrmSuppressionList, type Database } from '@tuma/mikro-orm-adapter';
import { IDENTITY_TOKENS } from '@tuma/identity';
import { SUBSCRIPTIONS_TOKENS, type SubscriptionsService } from '@tuma/subscriptions';
import { WEBHOOKS_TOKENS, type WebhookDestinations } from '@tuma/webhooks';
import { AesGcmSecretCipher, PinnedHttpFetcher } from '@tuma/webhooks-adapter';
import { ContainerModule, type Container } from 'inversify';
import { bindClass, bindFactory } from '../../bind-class.ts';
import type { ServerConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { resolve } from '../../resolve.ts';
import { mailSrsKey, mailTokenKey, webhookSecretKey } from '../../server-secrets.ts';
import type { PublicUrls } from '../../api-placement.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import { mailInboundServer } from './inbound.ts';
import { mailSubmissionServer } from './submission.ts';
import type { ServerModule } from '../server-module.ts';

const M = MAIL_TOKENS;
/** An attachment URL (`path`, as Resend's) must answer in full within this, while the send waits. */
const ATTACHMENT_FETCH_TIMEOUT_MS = 15_000;
const K = KERNEL_TOKENS;
const S = SERVER_TOKENS;

const bindings = new ContainerModule(({ bind }) => {
  bindClass(bind, M.domainRepository, MikroOrmMailDomainRepository, [S.database]);
  bindClass(bind, M.emailRepository, MikroOrmEmailRepository, [S.database]);
  bindClass(bind, M.outbox, MikroOrmMailOutbox, [S.database]);
  bindClass(bind, M.suppressions, MikroOrmSuppressionList, [S.database]);
  bindClass(bind, M.senderAddresses, MikroOrmSenderAddressRepository, [S.database]);
  bindClass(bind, M.analytics, MikroOrmMailAnalytics, [S.database]);
  bindClass(bind, M.usage, MikroOrmMailUsage, [S.database]);
  bindClass(bind, M.smtpCredentialRepository, MikroOrmSmtpCredentialRepository, [S.database]);
  bindClass(bind, M.forwardRepository, MikroOrmForwardRepository, [S.database]);
  // Attachments by URL go through the webhooks' URL policy (SSRF guard), pinned, without redirects.
  bind(M.attachmentSource).toResolvedValue((destinations: WebhookDestinations): AttachmentSource => {
    const fetcher = new PinnedHttpFetcher(destinations);
    return { fetch: (url, maxBytes) => fetcher.fetch(url, { maxBytes, timeoutMs: ATTACHMENT_FETCH_TIMEOUT_MS }) };
  }, [WEBHOOKS_TOKENS.webhookDestinations]);
  // The plan in force is the account service's (its subscriptions): free until a paid one is active.
  bind(M.plans).toResolvedValue(
    (subscriptions: SubscriptionsService): MailPlans => ({
      planOf: async (accountId) => {
        const plan = await subscriptions.currentLimits.execute(accountId, 'mail');
        return plan.match(
          ({ tier, priceUsd, limits }) => ({ tier, priceUsd: priceUsd.toDecimalString(), monthlyEmails: limits.monthlyEmails, dailyEmails: limits.dailyEmails, maxDomains: limits.maxDomains, logRetentionDays: limits.logRetentionDays }),
          (never) => never,
        );
      },
    }),
    [SUBSCRIPTIONS_TOKENS.subscriptions],
  );
  // Confirmation links go out as the account service's own mail (its relay, or its outbox): outbox.module.ts binds it.
  bind(M.serviceMailer).toResolvedValue((mailer: ServiceMailer) => mailer, [IDENTITY_TOKENS.mailer]);
  bind(M.dnsResolver).toResolvedValue((dns: NodeDnsResolver) => dns, [S.dnsResolver]);
  // DKIM private keys are sealed with the project's one secret cipher, as webhook secrets are (docs/mail.md, "DKIM keys").
  bind(M.dkimKeys).toResolvedValue((config: ServerConfig) => new NodeDkimKeys(new AesGcmSecretCipher(webhookSecretKey(config))), [S.config]);
  bind(M.dnsSettings).toResolvedValue((config: ServerConfig) => config.mail.dns, [S.config]);
  bind(M.tokenKey).toResolvedValue((config: ServerConfig) => mailTokenKey(config), [S.config]);
  bind(M.srsKey).toResolvedValue((config: ServerConfig) => mailSrsKey(config), [S.config]);
  // Tracking and confirmation links lead to the mail API's public URL, known once it listens (port 0).
  bind(M.publicUrl).toResolvedValue((urls: PublicUrls) => ({ baseUrl: () => urls.mail.value }), [S.publicUrls]);
  // Webhook secrets are sealed as SMS's are; deliveries go through the engine's shared outbox, sender and URL policy.
  bind(M.webhookRepository).toResolvedValue((db: Database, config: ServerConfig) => new MikroOrmMailWebhookRepository(db, new AesGcmSecretCipher(webhookSecretKey(config))), [S.database, S.config]);
  // Outcomes arrive outside any request or job (the outbox's timers, later bounce mail): each in a database context of its own.
  // The mail use cases are looked up per outcome, not at binding: they are built over this transport.
  bind(M.outcomes).toDynamicValue((context): MailOutcomes => {
    const database = context.get<Database>(S.database);
    return { record: (outcome) => database.withContext(() => context.get<MailService>(M.mail).recordMailOutcome.record(outcome)) };
  });
  bind(M.transport).toResolvedValue(
    (config: ServerConfig, outbox: MailOutbox, outcomes: MailOutcomes, clock: Clock, logger: Logger): MailTransport =>
      config.mail.transport.kind === 'smtp'
        ? new SmtpMailTransport(config.mail.transport.smtpUrl)
        : new OutboxMailTransport({ outbox, outcomes, clock, onError: (error) => logger.error({ msg: 'a simulated mail outcome was not recorded', err: String(error) }) }),
    [S.config, M.outbox, M.outcomes, K.clock, S.logger],
  );
  bindFactory(bind, M.mail, createMail, {
    clock: K.clock,
    unitOfWork: K.unitOfWork,
    jobs: K.jobScheduler,
    idempotencyKeys: IDEMPOTENCY_TOKENS.keyStore,
    domains: M.domainRepository,
    dns: M.dnsResolver,
    dkimKeys: M.dkimKeys,
    dnsSettings: M.dnsSettings,
    emails: M.emailRepository,
    suppressions: M.suppressions,
    senderAddresses: M.senderAddresses,
    analytics: M.analytics,
    plans: M.plans,
    usage: M.usage,
    attachmentSource: M.attachmentSource,
    serviceMailer: M.serviceMailer,
    transport: M.transport,
    batchContext: K.batchContext,
    tokenKey: M.tokenKey,
    digests: K.digests,
    publicUrl: M.publicUrl,
    smtpCredentials: M.smtpCredentialRepository,
    failureLog: K.failureLog,
    forwards: M.forwardRepository,
    srsKey: M.srsKey,
    contacts: M.contactRepository,
    broadcasts: M.broadcastRepository,
    webhooks: M.webhookRepository,
    webhookDeliveries: WEBHOOKS_TOKENS.webhookDeliveryRepository,
    webhookSender: WEBHOOKS_TOKENS.webhookSender,
    webhookDestinations: WEBHOOKS_TOKENS.webhookDestinations,
  });
});

function registerJobs(container: Container): void {
  const db = resolve(container, S.database);
  const workers = resolve(container, S.jobs);
  for (const route of mailJobRoutes(resolve(container, M.mail))) route.register(workers, (attempt) => db.withContext(attempt));
}

/** The mail API (docs/mail.md): its own Koa app at `/mail` (or MAIL_PORT), its keys, domains and emails, and the delivery job. */
export const mailServerModule: ServerModule = {
  name: 'mail',
  api: 'mail',
  bindings,
  // svc_k_ keys only: an SMS key is as unknown here as a mail key is on the SMS API.
  authenticator: (container) => {
    const authenticate = resolve(container, ACCOUNTS_TOKENS.accounts).authenticateMailKey;
    return (token) => authenticate.execute(token);
  },
  routes: (container) => {
    const mail = resolve(container, M.mail);
    return [
      ...mailKeyRoutes(resolve(container, ACCOUNTS_TOKENS.accounts)),
      ...mailDomainRoutes(mail),
      ...mailEmailRoutes(mail),
      ...mailWebhookRoutes(mail),
      ...mailSuppressionRoutes(mail),
      ...mailSenderAddressRoutes(mail),
      ...mailTrackingRoutes(mail),
      ...mailAnalyticsRoutes(mail),
      ...mailBillingRoutes(mail),
      ...mailSmtpCredentialRoutes(mail),
      ...mailForwardRoutes(mail),
    ];
  },
  consolePages: (container) => {
    const config: ServerConfig = resolve(container, S.config);
    const urls: PublicUrls = resolve(container, S.publicUrls);
    const { port } = config.mail.submission;
    const mail = resolve(container, M.mail);
    return [
      ...mailDomainPages(mail),
      ...mailActivityPages(mail),
      ...mailForwardPages({ forwards: mail, listDomains: mail.listDomains }),
      ...mailAccessPages({
        smtpCredentials: mail,
        webhooks: mail,
        listDeliveries: mail.listWebhookDeliveries,
        redeliver: mail.redeliverWebhook,
        smtpServer: () => (port === 'off' ? undefined : `${new URL(urls.mail.value).hostname}:${port}`),
      }),
    ];
  },
  jobs: registerJobs,
  servers: (container) => [mailSubmissionServer(container), mailInboundServer(container)],
  // The relay's pooled connections end with the process's work (QUIT), not at the relay's idle
  // timeout; the simulated outcomes being recorded finish before the database closes.
  onStop: async (container) => {
    const transport = resolve(container, M.transport);
    if (transport instanceof SmtpMailTransport || transport instanceof OutboxMailTransport) await transport.close();
  },
};
