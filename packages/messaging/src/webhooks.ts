/** Account webhooks (issue 6): configuration, the URL policy, the outbox publisher and delivery with retries. docs/webhooks.md. */
export {
  BLOCKED_IPV4_RANGES,
  BLOCKED_IPV6_RANGES,
  GLOBAL_UNICAST_IPV6,
  IPV4_EMBEDDINGS,
  type AddressRange,
  type Ipv4Embedding,
} from './domain/webhooks/blocked-address-ranges.ts';
export { hostOf, isLocalhostName, readWebhookUrl, WEBHOOK_URL_MAX_LENGTH, type WebhookUrl } from './domain/webhooks/webhook-url.ts';
export { AllowedHosts } from './domain/webhooks/allowed-hosts.ts';
export { newSigningSecret, signWebhookBody, webhookHeaders } from './domain/webhooks/webhook-signing.ts';
export { destinationOf, WebhookConfig, type WebhookConfigChange, type WebhookConfigSnapshot, type WebhookRouting } from './domain/webhooks/webhook-config.aggregate.ts';
export type { WebhookConfigRepository } from './domain/webhooks/webhook-config.repository.port.ts';
export {
  attemptSucceeded,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_TIMEOUT_MS,
  WebhookDelivery,
  type RecordedAttempt,
  type WebhookAttempt,
  type WebhookAttemptOutcome,
  type WebhookAttemptRef,
  type WebhookDeliverySnapshot,
  type WebhookDeliveryStatus,
} from './domain/webhooks/webhook-delivery.aggregate.ts';
export type { LoggedWebhookDelivery, WebhookDeliveryPage, WebhookDeliveryRepository } from './domain/webhooks/webhook-delivery.repository.port.ts';
export type { SecretCipher } from './domain/webhooks/secret-cipher.port.ts';
export { sampleWebhookEvent } from './domain/webhooks/sample-webhook-events.ts';
export { InMemoryWebhookConfigRepository } from './domain/webhooks/in-memory-webhook-config-repository.ts';
export { InMemoryWebhookDeliveryRepository } from './domain/webhooks/in-memory-webhook-delivery-repository.ts';
export type { AddressPolicy } from './application/webhooks/address-policy.port.ts';
export type { HostResolver, ResolvedAddress } from './application/webhooks/host-resolver.port.ts';
export type { WebhookPost, WebhookSender } from './application/webhooks/webhook-sender.port.ts';
export { WebhookDestinations, type WebhookDestination } from './application/webhooks/webhook-destinations.ts';
export { DELIVER_WEBHOOK_JOB, enqueueWebhookAttempts } from './application/webhooks/webhook-jobs.ts';
export { OutboxEventPublisher } from './application/webhooks/outbox-event-publisher.ts';
export { GetWebhookConfig } from './application/webhooks/get-webhook-config.use-case.ts';
export { UpdateWebhookConfig, type UpdateWebhookConfigInput } from './application/webhooks/update-webhook-config.use-case.ts';
export { RotateWebhookSecret } from './application/webhooks/rotate-webhook-secret.use-case.ts';
export { DeliverWebhook } from './application/webhooks/deliver-webhook.use-case.ts';
export { SendTestWebhooks } from './application/webhooks/send-test-webhooks.use-case.ts';
export {
  ListWebhookDeliveries,
  WEBHOOK_DELIVERIES_DEFAULT_LIMIT,
  WEBHOOK_DELIVERIES_MAX_LIMIT,
  type ListWebhookDeliveriesInput,
} from './application/webhooks/list-webhook-deliveries.use-case.ts';
export { RedeliverWebhook, type RedeliverWebhookError } from './application/webhooks/redeliver-webhook.use-case.ts';
