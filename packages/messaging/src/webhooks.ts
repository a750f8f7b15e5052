/**
 * SMS webhooks (issue 6) on the webhook engine (`@tuma/webhooks`): the per-environment configuration
 * (dlr_url, mo_url, signing secret), which event goes where, the sample test events and the SMS
 * profile (X-Webhook-*, 10 s to 810 s). docs/webhooks.md.
 */
export { destinationOf, WebhookConfig, type WebhookConfigChange, type WebhookConfigSnapshot, type WebhookRouting } from './domain/webhooks/webhook-config.aggregate.ts';
export type { WebhookConfigRepository } from './application/webhooks/webhook-config.repository.port.ts';
export { sampleWebhookEvent } from './domain/webhooks/sample-webhook-events.ts';
export { SMS_WEBHOOK_PROFILE, TWO_WAY_WEBHOOK_PROFILE } from './domain/webhooks/sms-webhook-profile.ts';
export { ClaimedEventPublisher } from './application/webhooks/claimed-event-publisher.ts';
export { SmsWebhookEndpoints } from './application/webhooks/sms-webhook-endpoints.ts';
export { GetWebhookConfig } from './application/webhooks/get-webhook-config.use-case.ts';
export { UpdateWebhookConfig, type UpdateWebhookConfigInput } from './application/webhooks/update-webhook-config.use-case.ts';
export { RotateWebhookSecret } from './application/webhooks/rotate-webhook-secret.use-case.ts';
export { SendTestWebhooks } from './application/webhooks/send-test-webhooks.use-case.ts';
