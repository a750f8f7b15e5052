export { DomainName } from './domain/domains/domain-name.value-object.ts';
export { DEFAULT_REGION, parseRegion, REGIONS, type Region } from './domain/domains/regions.ts';
export { parseTagList, renderTagList, spfIncludes, spfTerms, txtText } from './domain/domains/tag-list.ts';
export {
  DEFAULT_MAIL_DNS,
  dkimHost,
  dkimValue,
  RECORD_PURPOSES,
  recordsFor,
  REQUIRED_PURPOSES,
  RETURN_PATH_LABEL,
  returnPathHost,
  spfValue,
  type DnsRecord,
  type DomainDkim,
  type MailDnsSettings,
  type RecordPurpose,
  type RecordType,
} from './domain/domains/dns-records.ts';
export { checkRecord, RECORD_STATUSES, type DnsAnswer, type MxRecord, type RecordStatus } from './domain/domains/record-checks.ts';
export { dkimSelector } from './domain/domains/dkim-selector.ts';
export { dnsRecordsNotFound, domainAlreadyExists, type DnsRecordsNotFoundError, type DomainAlreadyExistsError } from './domain/domains/mail-domain-errors.ts';
export {
  DOMAIN_STATUSES,
  MailDomain,
  type DomainKey,
  type DomainRecord,
  type DomainStatus,
  type MailDomainSnapshot,
  type RecordStatuses,
} from './domain/domains/mail-domain.aggregate.ts';
export type { MailDomainRepository } from './application/domains/mail-domain.repository.port.ts';
export type { DnsResolver } from './application/domains/dns-resolver.port.ts';
export type { DkimKeys, GeneratedDkimKey } from './application/domains/dkim-keys.port.ts';
export { domainView, type MailDomainView } from './application/domains/domain-view.ts';
export { AddDomain, type AddDomainError, type AddDomainInput } from './application/domains/add-domain.use-case.ts';
export { ListDomains } from './application/domains/list-domains.use-case.ts';
export { GetDomain, type DomainRef } from './application/domains/get-domain.use-case.ts';
export { VerifyDomain, type VerifyDomainError } from './application/domains/verify-domain.use-case.ts';
export { UpdateDomainTracking, type UpdateDomainTrackingInput } from './application/domains/update-domain-tracking.use-case.ts';
export { DeleteDomain } from './application/domains/delete-domain.use-case.ts';
export type { DkimSigning, MailAddress, MailAttachment, MailTransport, OutgoingMail, RelayedMail, TransportResult } from './application/sending/mail-transport.port.ts';
export { OUTCOME_EVENTS, type MailOutcome, type MailOutcomes, type OutcomeEvent } from './application/sending/mail-outcomes.port.ts';
export type { MailOutbox, OutboxMessage } from './application/sending/mail-outbox.port.ts';
export { signedMail, unsignedMail, type MailContent } from './application/sending/signed-mail.ts';
export { EmailAddress } from './domain/emails/email-address.value-object.ts';
export { textFromHtml } from './domain/emails/text-from-html.ts';
export { checkEmailContent, MAX_EMAIL_BYTES, MAX_RECIPIENTS, type EmailContent, type RawAttachment, type RawEmailContent } from './domain/emails/email-content.ts';
export {
  Email,
  EMAIL_EVENT_TYPES,
  EMAIL_STATUSES,
  ENGAGEMENT_EVENTS,
  type EngagementEvent,
  type EmailEvent,
  type EmailEventType,
  type EmailSnapshot,
  type EmailStatus,
  type EmailTag,
  type NotCancellableError,
  type StoredAttachment,
} from './domain/emails/email.aggregate.ts';
export type { EmailQuery, EmailRepository, NewEmail } from './application/emails/email.repository.port.ts';
export { domainNotVerified, type DomainNotVerifiedError } from './application/emails/email-errors.ts';
export { DELIVER_EMAIL_JOB } from './application/emails/deliver-email.job.ts';
export { SendEmail, type SendEmailError, type SendEmailInput, type SentEmail } from './application/emails/send-email.use-case.ts';
export { ListEmails } from './application/emails/list-emails.use-case.ts';
export type { Page } from './application/paging.ts';
export { isHardBounce, SUPPRESSED, SUPPRESSION_REASONS, type Suppression, type SuppressionReason } from './domain/suppressions/suppression.ts';
export type { SuppressionList, SuppressionQuery } from './application/suppressions/suppression-list.port.ts';
export { ListSuppressions } from './application/suppressions/list-suppressions.use-case.ts';
export { RemoveSuppression } from './application/suppressions/remove-suppression.use-case.ts';
export { GetEmail, type EmailWithEvents } from './application/emails/get-email.use-case.ts';
export { CancelEmail } from './application/emails/cancel-email.use-case.ts';
export { DeliverEmail, type EmailDeferredError } from './application/emails/deliver-email.use-case.ts';
export { RecordMailOutcome } from './application/emails/record-mail-outcome.use-case.ts';
export { DeliveryReads, type DeliveryRead } from './application/emails/delivery-reads.ts';
export { EmailTimeline, type TimelineEntries } from './application/emails/email-timeline.ts';
export { GatheredTimeline } from './application/emails/gathered-timeline.ts';
export { MAIL_WEBHOOK_EVENTS, webhookEventOf, type MailWebhookEventType } from './domain/webhooks/mail-webhook-events.ts';
export { MailWebhook, type MailWebhookChanges, type MailWebhookSnapshot } from './domain/webhooks/mail-webhook.aggregate.ts';
export { MAIL_WEBHOOK_PROFILE } from './domain/webhooks/mail-webhook-profile.ts';
export type { MailWebhookRepository } from './application/webhooks/mail-webhook.repository.port.ts';
export { MAIL_WEBHOOKS_PER_ACCOUNT, CreateMailWebhook, type CreateMailWebhookInput } from './application/webhooks/create-mail-webhook.use-case.ts';
export { ListMailWebhooks } from './application/webhooks/list-mail-webhooks.use-case.ts';
export { GetMailWebhook } from './application/webhooks/get-mail-webhook.use-case.ts';
export { UpdateMailWebhook } from './application/webhooks/update-mail-webhook.use-case.ts';
export { DeleteMailWebhook } from './application/webhooks/delete-mail-webhook.use-case.ts';
export { MailEventWebhooks } from './application/webhooks/mail-event-webhooks.ts';
export { MailWebhookEndpoints } from './application/webhooks/mail-webhook-endpoints.ts';
export { createMail, mailJobRoutes, type MailPorts, type MailService } from './create-mail.ts';
export { MAIL_TOKENS } from './tokens.ts';
export { trackedHtml, type TrackingUrls } from './domain/tracking/tracked-html.ts';
export { SignedTokens } from './application/signing/signed-tokens.ts';
export { TrackingTokens, type TrackingClaim } from './application/tracking/tracking-tokens.ts';
export { EmailTracking } from './application/tracking/email-tracking.ts';
export type { MailPublicUrl } from './application/mail-public-url.ts';
export { RecordEngagement } from './application/tracking/record-engagement.use-case.ts';
export { SenderAddress, SENDER_ADDRESS_STATUSES, type SenderAddressSnapshot, type SenderAddressStatus } from './domain/sender-addresses/sender-address.aggregate.ts';
export {
  invalidConfirmationToken,
  senderAddressAlreadyExists,
  type InvalidConfirmationTokenError,
  type SenderAddressAlreadyExistsError,
} from './domain/sender-addresses/sender-address-errors.ts';
export type { SenderAddressRepository } from './application/sender-addresses/sender-address.repository.port.ts';
export type { ServiceMailer, ServiceMessage } from './application/sender-addresses/service-mailer.port.ts';
export { CONFIRMATION_TTL_MS, ConfirmationTokens, type ConfirmationClaim } from './application/sender-addresses/confirmation-tokens.ts';
export { AddSenderAddress, type AddSenderAddressError, type AddSenderAddressInput } from './application/sender-addresses/add-sender-address.use-case.ts';
export { ConfirmSenderAddress } from './application/sender-addresses/confirm-sender-address.use-case.ts';
export { ListSenderAddresses } from './application/sender-addresses/list-sender-addresses.use-case.ts';
export { GetSenderAddress } from './application/sender-addresses/get-sender-address.use-case.ts';
export { DeleteSenderAddress } from './application/sender-addresses/delete-sender-address.use-case.ts';
export {
  analyticsWindow,
  COUNTED_EVENTS,
  DEFAULT_ANALYTICS_DAYS,
  MAX_ANALYTICS_DAYS,
  MIN_ANALYTICS_DAYS,
  ratesOf,
  type CountedEvent,
  type MailCounts,
  type MailRates,
} from './domain/analytics/mail-stats.ts';
export type { DailyCounts, MailAnalytics } from './application/analytics/mail-analytics.port.ts';
export { GetMailAnalytics, type CountsWithRates, type MailAnalyticsReport } from './application/analytics/get-mail-analytics.use-case.ts';
export { mailQuotaExceeded, UNLIMITED as MAIL_UNLIMITED, usagePeriods, type MailPlan, type MailPlanLimitReachedError, type MailUsageCounts } from './domain/billing/mail-quota.ts';
export type { MailPlans } from './application/billing/mail-plans.port.ts';
export type { MailUsage } from './application/billing/mail-usage.port.ts';
export { GetMailBilling, type MailBilling } from './application/billing/get-mail-billing.use-case.ts';
export type { AttachmentSource, SourcedFile } from './application/emails/attachment-source.port.ts';
export { fetchedAttachments } from './application/emails/fetched-attachments.ts';
export { newSmtpPassword, newSmtpUsername, smtpPasswordHash, smtpPasswordMatches, type SmtpCredential } from './domain/smtp/smtp-credential.ts';
export type { SmtpCredentialRepository } from './application/smtp/smtp-credential.repository.port.ts';
export { AuthenticateSmtpLogin, type InvalidSmtpLoginError, type SmtpLogin } from './application/smtp/authenticate-smtp-login.use-case.ts';
export { CreateSmtpCredential, type IssuedSmtpCredential } from './application/smtp/create-smtp-credential.use-case.ts';
export { ListSmtpCredentials } from './application/smtp/list-smtp-credentials.use-case.ts';
export { RevokeSmtpCredential } from './application/smtp/revoke-smtp-credential.use-case.ts';
export { SubmitEmail, type SubmittedMail } from './application/smtp/submit-email.use-case.ts';
export { reportedOutcomes, type ReportedOutcome } from './domain/reports/mail-reports.ts';
export { ReceiveMailReport, type ReturnPathOwner } from './application/reports/receive-mail-report.use-case.ts';
export { CATCH_ALL, forwardAddress, forwardDestination, forwardSource, type Forward } from './domain/forwards/forward.ts';
export { FORWARD_OUTCOMES, type ForwardAttempt, type ForwardLogEntry, type ForwardOutcome } from './domain/forwards/forward-attempt.ts';
export { FORWARDED_HEADER, forwardedRaw, forwardLoop, MAX_OUR_HOPS, MAX_RECEIVED, type ReceivedMail } from './domain/forwards/received-mail.ts';
export { isSrsAddress, srsDecode, srsEncode, SRS_MAX_AGE_DAYS, type SrsRefusal } from './domain/forwards/srs.ts';
export type { ForwardLogQuery, ForwardRepository } from './application/forwards/forward.repository.port.ts';
export { FORWARD_MESSAGE_JOB } from './application/forwards/forward-message.job.ts';
export { CreateForward, type CreateForwardError, type CreateForwardInput } from './application/forwards/create-forward.use-case.ts';
export { ListForwards } from './application/forwards/list-forwards.use-case.ts';
export { DeleteForward } from './application/forwards/delete-forward.use-case.ts';
export { ListForwardLog } from './application/forwards/list-forward-log.use-case.ts';
export { ReceiveForwardedMail, type ForwardTarget } from './application/forwards/receive-forwarded-mail.use-case.ts';
export { RelayForwardedMail, type ForwardDeferredError } from './application/forwards/relay-forwarded-mail.use-case.ts';
export {
  contactEmail,
  MAIL_CONTACT_DATA_KEY,
  MAIL_CONTACT_DATA_VALUE_MAX_LENGTH,
  MAIL_CONTACT_MAX_DATA,
  MAIL_CONTACT_NAME_MAX_LENGTH,
  MAIL_CONTACTS_DEFAULT_LIMIT,
  MAIL_CONTACTS_MAX_LIMIT,
  MAIL_CONTACTS_PER_CALL,
  readContactBatch,
  type ContactData,
  type ContactInputError,
  type ContactWrite,
  type MailContact,
  type MailContactChanges,
  type MailContactInput,
} from './domain/contacts/mail-contact.ts';
export { contactListName, MAIL_CONTACT_LIST_NAME_MAX_LENGTH, type MailContactList, type MailContactListView } from './domain/contacts/mail-contact-list.ts';
export { EMAIL_COLUMN_NAMES, MAIL_CONTACT_IMPORT_MAX_ROWS, readMailContactFile, type MailContactFile, type MailContactRowError, type MailContactRowErrorReason } from './domain/contacts/mail-contact-file.ts';
export type { ContactPage, ContactQuery, ContactsWritten, MailContactRepository } from './application/contacts/mail-contact.repository.port.ts';
export { MAIL_CONTACT_IMPORT_ERRORS_SHOWN, ImportMailContacts, type MailContactImport } from './application/contacts/import-mail-contacts.use-case.ts';
export { AddMailContacts, type ContactsAdded } from './application/contacts/add-mail-contacts.use-case.ts';
export { AddMailContact } from './application/contacts/add-mail-contact.use-case.ts';
export { CreateMailContactList } from './application/contacts/create-mail-contact-list.use-case.ts';
export { ListMailContactLists } from './application/contacts/list-mail-contact-lists.use-case.ts';
export { GetMailContactList } from './application/contacts/get-mail-contact-list.use-case.ts';
export { RenameMailContactList } from './application/contacts/rename-mail-contact-list.use-case.ts';
export { DeleteMailContactList } from './application/contacts/delete-mail-contact-list.use-case.ts';
export { ListMailContacts } from './application/contacts/list-mail-contacts.use-case.ts';
export { GetMailContact } from './application/contacts/get-mail-contact.use-case.ts';
export { UpdateMailContact } from './application/contacts/update-mail-contact.use-case.ts';
export { DeleteMailContact } from './application/contacts/delete-mail-contact.use-case.ts';
export {
  BROADCAST_CHUNK,
  BROADCAST_RECIPIENT_STATES,
  broadcastStatus,
  type BroadcastAudience,
  type BroadcastNotCancellableError,
  type BroadcastProgress,
  type BroadcastRecipient,
  type BroadcastRecipientState,
  type BroadcastSnapshot,
  type BroadcastStatus,
} from './domain/broadcasts/broadcast.ts';
export { renderTemplate, templateIssues, type TemplateValues } from './domain/broadcasts/broadcast-template.ts';
export type { BroadcastRepository } from './application/broadcasts/broadcast.repository.port.ts';
export { DISPATCH_BROADCAST_JOB } from './application/broadcasts/dispatch-broadcast.job.ts';
export { DispatchBroadcast, LIST_UNSUBSCRIBE_POST } from './application/broadcasts/dispatch-broadcast.use-case.ts';
export { SendBroadcast, type AcceptedBroadcast, type SendBroadcastError, type SendBroadcastInput } from './application/broadcasts/send-broadcast.use-case.ts';
export type { BroadcastView } from './application/broadcasts/broadcast-view.ts';
export { GetBroadcast } from './application/broadcasts/get-broadcast.use-case.ts';
export { ListBroadcasts } from './application/broadcasts/list-broadcasts.use-case.ts';
export { CancelBroadcast } from './application/broadcasts/cancel-broadcast.use-case.ts';
export { UnsubscribeTokens, type UnsubscribeClaim } from './application/broadcasts/unsubscribe-tokens.ts';
export { Unsubscribe } from './application/broadcasts/unsubscribe.use-case.ts';
export { emailSender, type EmailSender } from './application/emails/email-sender.ts';
