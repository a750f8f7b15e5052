import { token } from '@tuma/kernel';
import type { DkimKeys } from './application/domains/dkim-keys.port.ts';
import type { DnsResolver } from './application/domains/dns-resolver.port.ts';
import type { MailDomainRepository } from './application/domains/mail-domain.repository.port.ts';
import type { MailOutbox } from './application/sending/mail-outbox.port.ts';
import type { MailOutcomes } from './application/sending/mail-outcomes.port.ts';
import type { MailTransport } from './application/sending/mail-transport.port.ts';
import type { MailService } from './create-mail.ts';
import type { MailDnsSettings } from './domain/domains/dns-records.ts';
import type { EmailRepository } from './application/emails/email.repository.port.ts';
import type { MailWebhookRepository } from './application/webhooks/mail-webhook.repository.port.ts';
import type { SuppressionList } from './application/suppressions/suppression-list.port.ts';
import type { SenderAddressRepository } from './application/sender-addresses/sender-address.repository.port.ts';
import type { ServiceMailer } from './application/sender-addresses/service-mailer.port.ts';
import type { MailAnalytics } from './application/analytics/mail-analytics.port.ts';
import type { MailPlans } from './application/billing/mail-plans.port.ts';
import type { MailUsage } from './application/billing/mail-usage.port.ts';
import type { AttachmentSource } from './application/emails/attachment-source.port.ts';
import type { SmtpCredentialRepository } from './application/smtp/smtp-credential.repository.port.ts';
import type { MailPublicUrl } from './application/mail-public-url.ts';
import type { ForwardRepository } from './application/forwards/forward.repository.port.ts';
import type { MailContactRepository } from './application/contacts/mail-contact.repository.port.ts';
import type { BroadcastRepository } from './application/broadcasts/broadcast.repository.port.ts';

export const MAIL_TOKENS = {
  /** Every mail use case (`createMail`). */
  mail: token<MailService>('mail.Mail'),
  domainRepository: token<MailDomainRepository>('mail.MailDomainRepository'),
  emailRepository: token<EmailRepository>('mail.EmailRepository'),
  suppressions: token<SuppressionList>('mail.SuppressionList'),
  senderAddresses: token<SenderAddressRepository>('mail.SenderAddressRepository'),
  analytics: token<MailAnalytics>('mail.MailAnalytics'),
  plans: token<MailPlans>('mail.MailPlans'),
  usage: token<MailUsage>('mail.MailUsage'),
  attachmentSource: token<AttachmentSource>('mail.AttachmentSource'),
  smtpCredentialRepository: token<SmtpCredentialRepository>('mail.SmtpCredentialRepository'),
  /** The service's own mail (confirmation links): the account service's Mailer. */
  serviceMailer: token<ServiceMailer>('mail.ServiceMailer'),
  dnsResolver: token<DnsResolver>('mail.DnsResolver'),
  dkimKeys: token<DkimKeys>('mail.DkimKeys'),
  dnsSettings: token<MailDnsSettings>('mail.MailDnsSettings'),
  transport: token<MailTransport>('mail.MailTransport'),
  outcomes: token<MailOutcomes>('mail.MailOutcomes'),
  outbox: token<MailOutbox>('mail.MailOutbox'),
  webhookRepository: token<MailWebhookRepository>('mail.MailWebhookRepository'),
  /** The key of the mail API's signed links (tracking, sender-address confirmation). */
  tokenKey: token<() => Uint8Array>('mail.TokenKey'),
  publicUrl: token<MailPublicUrl>('mail.MailPublicUrl'),
  forwardRepository: token<ForwardRepository>('mail.ForwardRepository'),
  /** The key of SRS hashes (forwarded mail's envelope senders). */
  srsKey: token<() => Uint8Array>('mail.SrsKey'),
  contactRepository: token<MailContactRepository>('mail.MailContactRepository'),
  broadcastRepository: token<BroadcastRepository>('mail.BroadcastRepository'),
};
