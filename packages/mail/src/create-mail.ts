import { IdempotentEffects, type IdempotencyKeyStore } from '@tuma/idempotency';
import { GuessThrottle, jobRoute, type BatchContext, type Clock, type Digests, type FailureLog, type JobRoute, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import { DeliverWebhook, deliverWebhookJob, ListWebhookDeliveries, RedeliverWebhook, WebhookOutbox, type WebhookDeliveryRepository, type WebhookDestinations, type WebhookSender } from '@tuma/webhooks';
import { GetMailAnalytics } from './application/analytics/get-mail-analytics.use-case.ts';
import type { MailAnalytics } from './application/analytics/mail-analytics.port.ts';
import { GetMailBilling } from './application/billing/get-mail-billing.use-case.ts';
import type { MailPlans } from './application/billing/mail-plans.port.ts';
import type { MailUsage } from './application/billing/mail-usage.port.ts';
import type { BroadcastRepository } from './application/broadcasts/broadcast.repository.port.ts';
import { CancelBroadcast } from './application/broadcasts/cancel-broadcast.use-case.ts';
import { DISPATCH_BROADCAST_JOB } from './application/broadcasts/dispatch-broadcast.job.ts';
import { DispatchBroadcast } from './application/broadcasts/dispatch-broadcast.use-case.ts';
import { GetBroadcast } from './application/broadcasts/get-broadcast.use-case.ts';
import { ListBroadcasts } from './application/broadcasts/list-broadcasts.use-case.ts';
import { SendBroadcast } from './application/broadcasts/send-broadcast.use-case.ts';
import { UnsubscribeTokens } from './application/broadcasts/unsubscribe-tokens.ts';
import { Unsubscribe } from './application/broadcasts/unsubscribe.use-case.ts';
import { AddMailContact } from './application/contacts/add-mail-contact.use-case.ts';
import { AddMailContacts } from './application/contacts/add-mail-contacts.use-case.ts';
import { CreateMailContactList } from './application/contacts/create-mail-contact-list.use-case.ts';
import { DeleteMailContactList } from './application/contacts/delete-mail-contact-list.use-case.ts';
import { DeleteMailContact } from './application/contacts/delete-mail-contact.use-case.ts';
import { GetMailContactList } from './application/contacts/get-mail-contact-list.use-case.ts';
import { GetMailContact } from './application/contacts/get-mail-contact.use-case.ts';
import { ImportMailContacts } from './application/contacts/import-mail-contacts.use-case.ts';
import { ListMailContactLists } from './application/contacts/list-mail-contact-lists.use-case.ts';
import { ListMailContacts } from './application/contacts/list-mail-contacts.use-case.ts';
import { MailContactWriter } from './application/contacts/mail-contact-writer.ts';
import type { MailContactRepository } from './application/contacts/mail-contact.repository.port.ts';
import { RenameMailContactList } from './application/contacts/rename-mail-contact-list.use-case.ts';
import { UpdateMailContact } from './application/contacts/update-mail-contact.use-case.ts';
import { AddDomain } from './application/domains/add-domain.use-case.ts';
import { DeleteDomain } from './application/domains/delete-domain.use-case.ts';
import type { DkimKeys } from './application/domains/dkim-keys.port.ts';
import type { DnsResolver } from './application/domains/dns-resolver.port.ts';
import { GetDomain } from './application/domains/get-domain.use-case.ts';
import { ListDomains } from './application/domains/list-domains.use-case.ts';
import type { MailDomainRepository } from './application/domains/mail-domain.repository.port.ts';
import { UpdateDomainTracking } from './application/domains/update-domain-tracking.use-case.ts';
import { VerifyDomain } from './application/domains/verify-domain.use-case.ts';
import type { AttachmentSource } from './application/emails/attachment-source.port.ts';
import { CancelEmail } from './application/emails/cancel-email.use-case.ts';
import { DELIVER_EMAIL_JOB } from './application/emails/deliver-email.job.ts';
import { DeliverEmail } from './application/emails/deliver-email.use-case.ts';
import { DeliveryReads } from './application/emails/delivery-reads.ts';
import { EmailTimeline } from './application/emails/email-timeline.ts';
import { GatheredTimeline } from './application/emails/gathered-timeline.ts';
import type { EmailRepository } from './application/emails/email.repository.port.ts';
import { GetEmail } from './application/emails/get-email.use-case.ts';
import { ListEmails } from './application/emails/list-emails.use-case.ts';
import { RecordMailOutcome } from './application/emails/record-mail-outcome.use-case.ts';
import { SendEmail } from './application/emails/send-email.use-case.ts';
import { CreateForward } from './application/forwards/create-forward.use-case.ts';
import { DeleteForward } from './application/forwards/delete-forward.use-case.ts';
import { FORWARD_MESSAGE_JOB } from './application/forwards/forward-message.job.ts';
import type { ForwardRepository } from './application/forwards/forward.repository.port.ts';
import { ListForwardLog } from './application/forwards/list-forward-log.use-case.ts';
import { ListForwards } from './application/forwards/list-forwards.use-case.ts';
import { ReceiveForwardedMail } from './application/forwards/receive-forwarded-mail.use-case.ts';
import { RelayForwardedMail } from './application/forwards/relay-forwarded-mail.use-case.ts';
import type { MailPublicUrl } from './application/mail-public-url.ts';
import { AddSenderAddress } from './application/sender-addresses/add-sender-address.use-case.ts';
import { ConfirmSenderAddress } from './application/sender-addresses/confirm-sender-address.use-case.ts';
import { ConfirmationTokens } from './application/sender-addresses/confirmation-tokens.ts';
import { DeleteSenderAddress } from './application/sender-addresses/delete-sender-address.use-case.ts';
import { GetSenderAddress } from './application/sender-addresses/get-sender-address.use-case.ts';
import { ListSenderAddresses } from './application/sender-addresses/list-sender-addresses.use-case.ts';
import type { SenderAddressRepository } from './application/sender-addresses/sender-address.repository.port.ts';
import type { ServiceMailer } from './application/sender-addresses/service-mailer.port.ts';
import type { MailTransport } from './application/sending/mail-transport.port.ts';
import { SignedTokens } from './application/signing/signed-tokens.ts';
import { AuthenticateSmtpLogin } from './application/smtp/authenticate-smtp-login.use-case.ts';
import { CreateSmtpCredential } from './application/smtp/create-smtp-credential.use-case.ts';
import { ListSmtpCredentials } from './application/smtp/list-smtp-credentials.use-case.ts';
import { RevokeSmtpCredential } from './application/smtp/revoke-smtp-credential.use-case.ts';
import type { SmtpCredentialRepository } from './application/smtp/smtp-credential.repository.port.ts';
import { ListSuppressions } from './application/suppressions/list-suppressions.use-case.ts';
import { RemoveSuppression } from './application/suppressions/remove-suppression.use-case.ts';
import type { SuppressionList } from './application/suppressions/suppression-list.port.ts';
import { EmailTracking } from './application/tracking/email-tracking.ts';
import { RecordEngagement } from './application/tracking/record-engagement.use-case.ts';
import { TrackingTokens } from './application/tracking/tracking-tokens.ts';
import { CreateMailWebhook } from './application/webhooks/create-mail-webhook.use-case.ts';
import { DeleteMailWebhook } from './application/webhooks/delete-mail-webhook.use-case.ts';
import { GetMailWebhook } from './application/webhooks/get-mail-webhook.use-case.ts';
import { ListMailWebhooks } from './application/webhooks/list-mail-webhooks.use-case.ts';
import { MailEventWebhooks } from './application/webhooks/mail-event-webhooks.ts';
import { MailWebhookEndpoints } from './application/webhooks/mail-webhook-endpoints.ts';
import type { MailWebhookRepository } from './application/webhooks/mail-webhook.repository.port.ts';
import { UpdateMailWebhook } from './application/webhooks/update-mail-webhook.use-case.ts';
import type { MailDnsSettings } from './domain/domains/dns-records.ts';
import { MAIL_WEBHOOK_PROFILE } from './domain/webhooks/mail-webhook-profile.ts';

export interface MailPorts {
  readonly clock: Clock;
  readonly unitOfWork: UnitOfWork;
  readonly jobs: JobScheduler;
  /** Keeps the answers of sends with an Idempotency-Key (`POST /v1/emails`, broadcasts). */
  readonly idempotencyKeys: IdempotencyKeyStore;
  // Domains (docs/mail.md, "Domains").
  readonly domains: MailDomainRepository;
  readonly dns: DnsResolver;
  readonly dkimKeys: DkimKeys;
  /** Where mail of sender addresses bounces to (MAIL_BOUNCE_MX), and the records domains publish. */
  readonly dnsSettings: MailDnsSettings;
  // Sending (docs/mail.md, "Sending").
  readonly emails: EmailRepository;
  readonly suppressions: SuppressionList;
  readonly senderAddresses: SenderAddressRepository;
  readonly analytics: MailAnalytics;
  /** The plan each account's sends count against (the account service's subscriptions). */
  readonly plans: MailPlans;
  readonly usage: MailUsage;
  /** Fetches attachments given by URL (the webhooks' URL policy: no private addresses). */
  readonly attachmentSource: AttachmentSource;
  /** Sends the confirmation links of sender addresses (the account service's mail). */
  readonly serviceMailer: ServiceMailer;
  /** Its outcomes go to `recordMailOutcome` (through the caller's `MailOutcomes`). */
  readonly transport: MailTransport;
  /** Runs each batch of delivery jobs' gathered reads and records in a database context of its own (default: the first job's). */
  readonly batchContext?: BatchContext;
  /** Signs tracking, confirmation and unsubscribe links (the server's mail token key, MAIL_TOKEN_KEY), with `digests`' HMAC. */
  readonly tokenKey: () => Uint8Array;
  readonly digests: Digests;
  readonly publicUrl: MailPublicUrl;
  // SMTP submission (docs/mail.md, "SMTP submission").
  readonly smtpCredentials: SmtpCredentialRepository;
  /** Wrong SMTP logins (the kernel's `GuessThrottle`, scope `smtp`), shared with sign-ins' store. */
  readonly failureLog: FailureLog;
  // Forwards (docs/mail.md, "Forwards").
  readonly forwards: ForwardRepository;
  /** The key of SRS hashes (MAIL_SRS_KEY). */
  readonly srsKey: () => Uint8Array;
  // Contacts and broadcasts (docs/mail.md, "Contacts and broadcasts").
  readonly contacts: MailContactRepository;
  readonly broadcasts: BroadcastRepository;
  // Webhooks on the shared engine (docs/mail.md, "Webhooks").
  readonly webhooks: MailWebhookRepository;
  /** The engine's outbox and attempt log, shared with every product. */
  readonly webhookDeliveries: WebhookDeliveryRepository;
  readonly webhookSender: WebhookSender;
  readonly webhookDestinations: WebhookDestinations;
}

/** The mail API (docs/mail.md): every use case, built from its ports. */
export function createMail(ports: MailPorts) {
  const { clock, unitOfWork, jobs, domains, dkimKeys, dnsSettings: settings, emails, suppressions, senderAddresses, forwards, contacts, broadcasts, webhooks, webhookDeliveries: deliveries } = ports;
  const signed = new SignedTokens(ports.digests, ports.tokenKey);
  const tracking = new TrackingTokens(signed);
  const confirmations = new ConfirmationTokens(signed);
  const unsubscribeTokens = new UnsubscribeTokens(signed, ports.publicUrl);
  const idempotentEffects = new IdempotentEffects(ports.idempotencyKeys, clock);
  const webhookEndpoints = new MailWebhookEndpoints(webhooks);
  // Where delivery outcomes, opens and clicks are recorded, with their webhook deliveries.
  const timeline = new EmailTimeline(emails, new MailEventWebhooks(webhooks, new WebhookOutbox(deliveries, jobs, clock, MAIL_WEBHOOK_PROFILE), clock), unitOfWork);
  const contactWriter = new MailContactWriter(contacts, unitOfWork, clock);
  const gathering = ports.batchContext ? { around: ports.batchContext } : {};
  // Two batches of sends at once where each has a context of its own: one's reads while the other commits, as SMS sends do.
  const sendGathering = ports.batchContext ? { around: ports.batchContext, concurrency: 2 } : {};
  return {
    addDomain: new AddDomain(domains, dkimKeys, settings, clock),
    listDomains: new ListDomains(domains, settings),
    getDomain: new GetDomain(domains, settings),
    verifyDomain: new VerifyDomain(domains, ports.dns, settings, clock),
    updateDomainTracking: new UpdateDomainTracking(domains, settings, clock),
    deleteDomain: new DeleteDomain(domains),
    sendEmail: new SendEmail(emails, domains, suppressions, senderAddresses, jobs, timeline, ports.plans, ports.usage, ports.attachmentSource, unitOfWork, idempotentEffects, clock, sendGathering),
    listEmails: new ListEmails(emails),
    getEmail: new GetEmail(emails),
    cancelEmail: new CancelEmail(emails, unitOfWork, clock),
    deliverEmail: new DeliverEmail(
      new DeliveryReads(emails, domains, suppressions, senderAddresses, gathering),
      settings,
      dkimKeys,
      ports.transport,
      new EmailTracking(tracking, ports.publicUrl),
      new GatheredTimeline(timeline, gathering),
      clock,
    ),
    /** What the transport's outcomes are recorded through (the server's `MailOutcomes` calls it). */
    recordMailOutcome: new RecordMailOutcome(emails, suppressions, timeline, unitOfWork),
    recordEngagement: new RecordEngagement(tracking, emails, timeline, clock),
    listSuppressions: new ListSuppressions(suppressions),
    removeSuppression: new RemoveSuppression(suppressions),
    addSenderAddress: new AddSenderAddress(senderAddresses, confirmations, ports.serviceMailer, ports.publicUrl, clock),
    confirmSenderAddress: new ConfirmSenderAddress(senderAddresses, confirmations, unitOfWork, clock),
    listSenderAddresses: new ListSenderAddresses(senderAddresses),
    getSenderAddress: new GetSenderAddress(senderAddresses),
    deleteSenderAddress: new DeleteSenderAddress(senderAddresses),
    getAnalytics: new GetMailAnalytics(ports.analytics, clock),
    getBilling: new GetMailBilling(ports.plans, ports.usage, clock),
    createSmtpCredential: new CreateSmtpCredential(ports.smtpCredentials, clock),
    listSmtpCredentials: new ListSmtpCredentials(ports.smtpCredentials),
    revokeSmtpCredential: new RevokeSmtpCredential(ports.smtpCredentials),
    authenticateSmtpLogin: new AuthenticateSmtpLogin(ports.smtpCredentials, new GuessThrottle('smtp', ports.failureLog, clock), clock),
    createForward: new CreateForward(forwards, domains, clock),
    listForwards: new ListForwards(forwards),
    deleteForward: new DeleteForward(forwards),
    listForwardLog: new ListForwardLog(forwards),
    /** The inbound server's: mail to a forwarded address taken in. */
    receiveForwardedMail: new ReceiveForwardedMail(forwards, domains, jobs, unitOfWork, ports.srsKey, clock),
    relayForwardedMail: new RelayForwardedMail(forwards, domains, dkimKeys, ports.transport, clock),
    createMailContactList: new CreateMailContactList(contacts, clock),
    listMailContactLists: new ListMailContactLists(contacts),
    getMailContactList: new GetMailContactList(contacts),
    renameMailContactList: new RenameMailContactList(contacts, clock),
    deleteMailContactList: new DeleteMailContactList(contacts),
    addMailContacts: new AddMailContacts(contactWriter),
    addMailContact: new AddMailContact(contacts, contactWriter),
    importMailContacts: new ImportMailContacts(contacts, contactWriter),
    listMailContacts: new ListMailContacts(contacts),
    getMailContact: new GetMailContact(contacts),
    updateMailContact: new UpdateMailContact(contacts, clock),
    deleteMailContact: new DeleteMailContact(contacts, clock),
    sendBroadcast: new SendBroadcast(contacts, broadcasts, domains, senderAddresses, ports.plans, ports.usage, jobs, unitOfWork, idempotentEffects, clock),
    dispatchBroadcast: new DispatchBroadcast(broadcasts, emails, unsubscribeTokens, jobs, unitOfWork, clock),
    getBroadcast: new GetBroadcast(broadcasts, clock),
    listBroadcasts: new ListBroadcasts(broadcasts, clock),
    cancelBroadcast: new CancelBroadcast(broadcasts, clock),
    unsubscribe: new Unsubscribe(unsubscribeTokens, contacts, clock),
    createWebhook: new CreateMailWebhook(webhooks, ports.webhookDestinations, clock),
    listWebhooks: new ListMailWebhooks(webhooks),
    getWebhook: new GetMailWebhook(webhooks),
    updateWebhook: new UpdateMailWebhook(webhooks, ports.webhookDestinations, clock),
    deleteWebhook: new DeleteMailWebhook(webhooks),
    listWebhookDeliveries: new ListWebhookDeliveries(deliveries, [MAIL_WEBHOOK_PROFILE]),
    redeliverWebhook: new RedeliverWebhook(deliveries, webhookEndpoints, jobs, unitOfWork, clock, [MAIL_WEBHOOK_PROFILE]),
    deliverWebhook: new DeliverWebhook(deliveries, webhookEndpoints, ports.webhookSender, jobs, unitOfWork, clock, MAIL_WEBHOOK_PROFILE),
  };
}

export type MailService = ReturnType<typeof createMail>;

/**
 * The jobs the mail API's workers run: each email's delivery, broadcasts' chunks, webhook attempts,
 * forwarded mail's relay. A deferred delivery or relay (an Err) fails its attempt (`jobRoute`).
 */
export const mailJobRoutes = (mail: MailService): JobRoute[] => [
  jobRoute(DELIVER_EMAIL_JOB, (payload, context) => mail.deliverEmail.execute(payload, context)),
  jobRoute(DISPATCH_BROADCAST_JOB, (payload) => mail.dispatchBroadcast.execute(payload)),
  jobRoute(deliverWebhookJob(MAIL_WEBHOOK_PROFILE), (ref) => mail.deliverWebhook.execute(ref)),
  jobRoute(FORWARD_MESSAGE_JOB, (payload, context) => mail.relayForwardedMail.execute(payload, context)),
];
