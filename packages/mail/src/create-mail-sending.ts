import { IdempotentEffects, type IdempotencyKeyStore } from '@tuma/idempotency';
import { GuessThrottle, jobRoute, type Clock, type FailureLog, type JobRoute, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import { GetMailAnalytics } from './application/analytics/get-mail-analytics.use-case.ts';
import type { MailAnalytics } from './application/analytics/mail-analytics.port.ts';
import type { DkimKeys } from './application/domains/dkim-keys.port.ts';
import type { MailDomainRepository } from './application/domains/mail-domain.repository.port.ts';
import { CancelEmail } from './application/emails/cancel-email.use-case.ts';
import { DELIVER_EMAIL_JOB } from './application/emails/deliver-email.job.ts';
import { DeliverEmail } from './application/emails/deliver-email.use-case.ts';
import type { EmailRepository } from './application/emails/email.repository.port.ts';
import { GetEmail } from './application/emails/get-email.use-case.ts';
import { ListEmails } from './application/emails/list-emails.use-case.ts';
import { SendEmail } from './application/emails/send-email.use-case.ts';
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
import type { MailDnsSettings } from './domain/domains/dns-records.ts';
import type { EmailTimeline } from './application/emails/email-timeline.ts';
import { GetMailBilling } from './application/billing/get-mail-billing.use-case.ts';
import type { MailPlans } from './application/billing/mail-plans.port.ts';
import type { MailUsage } from './application/billing/mail-usage.port.ts';
import type { AttachmentSource } from './application/emails/attachment-source.port.ts';

export interface MailSendingPorts {
  readonly clock: Clock;
  readonly unitOfWork: UnitOfWork;
  readonly jobs: JobScheduler;
  readonly idempotencyKeys: IdempotencyKeyStore;
  readonly domains: MailDomainRepository;
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
  /** Where mail of sender addresses bounces to (MAIL_BOUNCE_MX). */
  readonly dnsSettings: MailDnsSettings;
  readonly dkimKeys: DkimKeys;
  /** Its outcomes go to a `RecordMailOutcome` over the same timeline. */
  readonly transport: MailTransport;
  /** Where delivery outcomes, opens and clicks are recorded (with their webhook deliveries). */
  readonly timeline: EmailTimeline;
  /** Signs tracking and confirmation links (the server's mail token key, MAIL_TOKEN_KEY). */
  readonly tokenKey: () => Buffer;
  readonly publicUrl: MailPublicUrl;
  /** The submission server's logins (`/v1/smtp-credentials`). */
  readonly smtpCredentials: SmtpCredentialRepository;
  /** Wrong SMTP logins (the kernel's `GuessThrottle`, scope `smtp`), shared with sign-ins' store. */
  readonly failureLog: FailureLog;
}

/** The mail API's emails (docs/mail.md, "Sending"): send, list, read, cancel, the delivery job, the suppression list sends respect, opens and clicks, sender addresses and analytics. */
export function createMailSending(ports: MailSendingPorts) {
  const { clock, domains, emails, suppressions, senderAddresses, dkimKeys, unitOfWork, jobs } = ports;
  const signed = new SignedTokens(ports.tokenKey);
  const tokens = new TrackingTokens(signed);
  const confirmations = new ConfirmationTokens(signed);
  return {
    sendEmail: new SendEmail(emails, domains, suppressions, senderAddresses, jobs, ports.timeline, ports.plans, ports.usage, ports.attachmentSource, unitOfWork, new IdempotentEffects(ports.idempotencyKeys, clock), clock),
    listEmails: new ListEmails(emails),
    getEmail: new GetEmail(emails),
    cancelEmail: new CancelEmail(emails, unitOfWork, clock),
    deliverEmail: new DeliverEmail(emails, domains, suppressions, senderAddresses, ports.dnsSettings, dkimKeys, ports.transport, new EmailTracking(tokens, ports.publicUrl), ports.timeline, clock),
    recordEngagement: new RecordEngagement(tokens, emails, ports.timeline, clock),
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
  };
}

export type MailSending = ReturnType<typeof createMailSending>;

/** The jobs the mail API's workers run. */
export const mailJobRoutes = (sending: MailSending): JobRoute[] => [jobRoute(DELIVER_EMAIL_JOB, (payload, context) => sending.deliverEmail.execute(payload, context))];
