import type { WebhookEvent } from '../../domain/events/webhook-event.ts';
import type { WebhookEndpoints } from '../deliveries/webhook-endpoints.port.ts';
import type { WebhookOutbox } from './webhook-outbox.ts';

/**
 * Publishes a product's events: in the caller's unit of work, each event its product has a URL for
 * (the owner's URL for its kind, webhooks on) goes into the outbox with that URL, and its first
 * delivery attempt is enqueued. Other events are not kept.
 */
export class OutboxEventPublisher<E extends WebhookEvent = WebhookEvent> {
  constructor(
    private readonly endpoints: WebhookEndpoints<E>,
    private readonly outbox: WebhookOutbox,
  ) {}

  async publish(events: readonly E[]): Promise<void> {
    if (events.length === 0) return;
    const urls = await this.endpoints.destinationsOf(events);
    await this.outbox.store(events.flatMap((event, index) => (urls[index] ? [{ event, url: urls[index] }] : [])));
  }
}
