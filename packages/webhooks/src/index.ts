/**
 * The one outbound-webhook engine (SMS, mail, two-way, links): the outbox, signing, the URL policy
 * (SSRF), retry schedules and header styles as data (profiles), the attempt log and redelivery;
 * and the one home of signed inbound webhooks' verification. docs/webhooks.md.
 */
export { ownerKey, sameOwner, type WebhookEnvironment, type WebhookEvent, type WebhookOwner } from './domain/events/webhook-event.ts';
export { attemptOffsetsSeconds, WEBHOOK_TIMEOUT_MS, WEBHOOK_USER_AGENT, webhookHeaders, type WebhookProfile } from './domain/profiles/webhook-profile.ts';
export { newSigningSecret, signWebhookBody } from './domain/signing/webhook-signing.ts';
export {
  BLOCKED_IPV4_RANGES,
  BLOCKED_IPV6_RANGES,
  GLOBAL_UNICAST_IPV6,
  IPV4_EMBEDDINGS,
  type AddressRange,
  type Ipv4Embedding,
} from './domain/url-policy/blocked-address-ranges.ts';
export { hostOf, isLocalhostName, readWebhookUrl, WEBHOOK_URL_MAX_LENGTH, type WebhookUrl } from './domain/url-policy/webhook-url.ts';
export { AllowedHosts } from './domain/url-policy/allowed-hosts.ts';
export {
  attemptSucceeded,
  WEBHOOK_DELIVERY_STATUSES,
  WebhookDelivery,
  type RecordedAttempt,
  type WebhookAttempt,
  type WebhookAttemptOutcome,
  type WebhookAttemptRef,
  type WebhookDeliverySnapshot,
  type WebhookDeliveryStatus,
} from './domain/deliveries/webhook-delivery.aggregate.ts';
export {
  headerValue,
  hexDigestsEqual,
  invalidSignature,
  parseTimestampedSignature,
  SIGNATURE_TOLERANCE_SECONDS,
  type InvalidSignatureError,
  type ReceivedHeaders,
  type TimestampedSignatureHeader,
} from './domain/inbound/timestamped-signature.ts';
export type { AddressPolicy } from './application/url-policy/address-policy.port.ts';
export type { HostResolver, ResolvedAddress } from './application/url-policy/host-resolver.port.ts';
export { WebhookDestinations, type WebhookDestination } from './application/url-policy/webhook-destinations.ts';
export type { SecretCipher } from './application/signing/secret-cipher.port.ts';
export type { WebhookPost, WebhookSender } from './application/deliveries/webhook-sender.port.ts';
export type { RedeliveredEvent, WebhookEndpoints } from './application/deliveries/webhook-endpoints.port.ts';
export type { LoggedWebhookDelivery, WebhookDeliveryPage, WebhookDeliveryRepository, WebhookDeliveryScope } from './application/deliveries/webhook-delivery.repository.port.ts';
export { deliverWebhookJob, enqueueWebhookAttempts } from './application/deliveries/webhook-jobs.ts';
export { DeliverWebhook } from './application/deliveries/deliver-webhook.use-case.ts';
export { RedeliverWebhook, type RedeliverWebhookError } from './application/deliveries/redeliver-webhook.use-case.ts';
export { PurgeWebhookLog, WEBHOOK_PURGE_CHUNK } from './application/deliveries/purge-webhook-log.use-case.ts';
export {
  ListWebhookDeliveries,
  WEBHOOK_DELIVERIES_DEFAULT_LIMIT,
  WEBHOOK_DELIVERIES_MAX_LIMIT,
  type ListWebhookDeliveriesInput,
} from './application/deliveries/list-webhook-deliveries.use-case.ts';
export { WebhookOutbox, type OutboxEntry } from './application/outbox/webhook-outbox.ts';
export { OutboxEventPublisher } from './application/outbox/outbox-event-publisher.ts';
export { TimestampedSignatures, type VerifySignatureInput } from './application/inbound/timestamped-signatures.ts';
export { WEBHOOKS_TOKENS } from './tokens.ts';
