/** Webhook events (issue 6): what the platform publishes for delivery to accounts' URLs. */
export type { EventPublisher, WebhookEvent, WebhookEventKind } from './domain/events/webhook-event.ts';
export { deliveryReport, deliveryReports, REPORTED_STATUSES } from './domain/events/delivery-report.ts';
