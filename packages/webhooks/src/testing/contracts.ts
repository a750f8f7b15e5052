/** Contract suites of the engine's ports, run against the in-memory fakes and the real adapters. */
export { describeWebhookDeliveryRepositoryContract, type WebhookDeliveryRepositoryFixture } from './webhook-delivery-repository.contract.ts';
