import { token } from '@tuma/kernel';
import type { WebhookDeliveryRepository } from './application/deliveries/webhook-delivery.repository.port.ts';
import type { WebhookSender } from './application/deliveries/webhook-sender.port.ts';
import type { TimestampedSignatures } from './application/inbound/timestamped-signatures.ts';
import type { WebhookDestinations } from './application/url-policy/webhook-destinations.ts';

/** The engine's shared parts, one of each for every product's webhooks. */
export const WEBHOOKS_TOKENS = {
  webhookDeliveryRepository: token<WebhookDeliveryRepository>('webhooks.WebhookDeliveryRepository'),
  webhookDestinations: token<WebhookDestinations>('webhooks.WebhookDestinations'),
  webhookSender: token<WebhookSender>('webhooks.WebhookSender'),
  timestampedSignatures: token<TimestampedSignatures>('webhooks.TimestampedSignatures'),
};
