import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { IDEMPOTENCY_TOKENS } from '@tuma/idempotency';
import { KERNEL_TOKENS, type Clock, type UnitOfWork } from '@tuma/kernel';
import { mailDomainRoutes, mailEmailRoutes, mailAnalyticsRoutes, mailKeyRoutes, mailSenderAddressRoutes, mailSuppressionRoutes, mailTrackingRoutes } from '@tuma/koa-adapter';
import { createMail, createMailSending, MAIL_TOKENS, mailJobRoutes, RecordMailOutcome, type EmailRepository, type MailOutbox, type MailOutcomes, type MailTransport, type ServiceMailer, type SuppressionList } from '@tuma/mail';
import { NodeDkimKeys, NodeDnsResolver, OutboxMailTransport, SmtpMailTransport } from '@tuma/mail-adapter';
import { MikroOrmEmailRepository, MikroOrmMailAnalytics, MikroOrmMailDomainRepository, MikroOrmMailOutbox, MikroOrmSenderAddressRepository, MikroOrmSuppressionList, type Database } from '@tuma/mikro-orm-adapter';
import { IDENTITY_TOKENS } from '@tuma/identity';
import { AesGcmSecretCipher } from '@tuma/webhooks-adapter';
import { ContainerModule, type Container } from 'inversify';
import { bindClass, bindFactory } from '../bind-class.ts';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { resolve } from '../resolve.ts';
import { mailTokenKey, webhookSecretKey } from '../server-secrets.ts';
import type { PublicUrls } from '../api-placement.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

const M = MAIL_TOKENS;
const K = KERNEL_TOKENS;
const S = SERVER_TOKENS;

const bindings = new ContainerModule(({ bind }) => {
  bindClass(bind, M.domainRepository, MikroOrmMailDomainRepository, [S.database]);
  bindClass(bind, M.emailRepository, MikroOrmEmailRepository, [S.database]);
  bindClass(bind, M.outbox, MikroOrmMailOutbox, [S.database]);
  bindClass(bind, M.suppressions, MikroOrmSuppressionList, [S.database]);
  bindClass(bind, M.senderAddresses, MikroOrmSenderAddressRepository, [S.database]);
  bindClass(bind, M.analytics, MikroOrmMailAnalytics, [S.database]);
  // Confirmation links go out as the account service's own mail (its relay, or its outbox): outbox.module.ts binds it.
  bind(M.serviceMailer).toResolvedValue((mailer: ServiceMailer) => mailer, [IDENTITY_TOKENS.mailer]);
  bind(M.dnsResolver).toResolvedValue((config: ServerConfig) => new NodeDnsResolver({ servers: config.mail.dnsServers }), [S.config]);
  // DKIM private keys are sealed with the project's one secret cipher, as webhook secrets are (docs/mail.md, "DKIM keys").
  bind(M.dkimKeys).toResolvedValue((config: ServerConfig) => new NodeDkimKeys(new AesGcmSecretCipher(webhookSecretKey(config))), [S.config]);
  bind(M.dnsSettings).toResolvedValue((config: ServerConfig) => config.mail.dns, [S.config]);
  bind(M.tokenKey).toResolvedValue((config: ServerConfig) => mailTokenKey(config), [S.config]);
  // Tracking and confirmation links lead to the mail API's public URL, known once it listens (port 0).
  bind(M.publicUrl).toResolvedValue((urls: PublicUrls) => ({ baseUrl: () => urls.mail.value }), [S.publicUrls]);
  // Outcomes arrive outside any request or job (the outbox's timers, later bounce mail): each in a database context of its own.
  bind(M.outcomes).toResolvedValue(
    (database: Database, emails: EmailRepository, suppressions: SuppressionList, unitOfWork: UnitOfWork): MailOutcomes => {
      const recorder = new RecordMailOutcome(emails, suppressions, unitOfWork);
      return { record: (outcome) => database.withContext(() => recorder.record(outcome)) };
    },
    [S.database, M.emailRepository, M.suppressions, K.unitOfWork],
  );
  bind(M.transport).toResolvedValue(
    (config: ServerConfig, outbox: MailOutbox, outcomes: MailOutcomes, clock: Clock, logger: Logger): MailTransport =>
      config.mail.transport.kind === 'smtp'
        ? new SmtpMailTransport(config.mail.transport.smtpUrl)
        : new OutboxMailTransport({ outbox, outcomes, clock, onError: (error) => logger.error({ msg: 'a simulated mail outcome was not recorded', err: String(error) }) }),
    [S.config, M.outbox, M.outcomes, K.clock, S.logger],
  );
  bindFactory(bind, M.mail, createMail, {
    clock: K.clock,
    domains: M.domainRepository,
    dns: M.dnsResolver,
    dkimKeys: M.dkimKeys,
    dnsSettings: M.dnsSettings,
  });
  bindFactory(bind, M.sending, createMailSending, {
    clock: K.clock,
    unitOfWork: K.unitOfWork,
    jobs: K.jobScheduler,
    idempotencyKeys: IDEMPOTENCY_TOKENS.keyStore,
    domains: M.domainRepository,
    emails: M.emailRepository,
    suppressions: M.suppressions,
    senderAddresses: M.senderAddresses,
    analytics: M.analytics,
    serviceMailer: M.serviceMailer,
    dnsSettings: M.dnsSettings,
    dkimKeys: M.dkimKeys,
    transport: M.transport,
    tokenKey: M.tokenKey,
    publicUrl: M.publicUrl,
  });
});

function registerJobs(container: Container): void {
  const db = resolve(container, S.database);
  const workers = resolve(container, S.jobs);
  for (const route of mailJobRoutes(resolve(container, M.sending))) route.register(workers, (attempt) => db.withContext(attempt));
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
  routes: (container) => [
    ...mailKeyRoutes(resolve(container, ACCOUNTS_TOKENS.accounts)),
    ...mailDomainRoutes(resolve(container, M.mail)),
    ...mailEmailRoutes(resolve(container, M.sending)),
    ...mailSuppressionRoutes(resolve(container, M.sending)),
    ...mailSenderAddressRoutes(resolve(container, M.sending)),
    ...mailTrackingRoutes(resolve(container, M.sending)),
    ...mailAnalyticsRoutes(resolve(container, M.sending)),
  ],
  jobs: registerJobs,
};
