/** In-memory adapters of the engine's ports: for unit tests and for apps embedding the core without a database. */
export { InMemoryWebhookDeliveryRepository } from './in-memory-webhook-delivery.repository.ts';
export { InMemoryWebhookEndpoints } from './in-memory-webhook-endpoints.ts';
export { RecordingWebhookSender } from './recording-webhook-sender.ts';
export { webhookEngineWorld, type WebhookEngineWorld } from './webhook-engine-world.ts';
