import type { Clock, JobScheduler } from '@tuma/kernel';
import type { EventPublisher, WebhookEvent } from '../../domain/events/webhook-event.ts';
import { destinationOf } from '../../domain/webhooks/webhook-config.aggregate.ts';
import type { WebhookConfigRepository } from '../../domain/webhooks/webhook-config.repository.port.ts';
import { WebhookDelivery } from '../../domain/webhooks/webhook-delivery.aggregate.ts';
import type { WebhookDeliveryRepository } from '../../domain/webhooks/webhook-delivery.repository.port.ts';
import { enqueueWebhookAttempts } from './webhook-jobs.ts';

/**
 * The `EventPublisher` of the platform: in the caller's unit of work, each event whose account has
 * webhooks on and a URL for its kind (`dlr` -> dlr_url, `mo` -> mo_url) is stored in the outbox
 * with that URL, and its first delivery attempt is enqueued. Other events are not kept.
 */
export class OutboxEventPublisher implements EventPublisher {
  constructor(
    private readonly configs: WebhookConfigRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly jobs: JobScheduler,
    private readonly clock: Clock,
  ) {}

  async publish(events: readonly WebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    const routing = await this.configs.routingOf([...new Set(events.map((event) => event.accountId))]);
    const now = this.clock.now();
    const opened = events.flatMap((event) => {
      const account = routing.get(event.accountId);
      const url = account && destinationOf(account, event.kind);
      return url ? [WebhookDelivery.open(event, url, now)] : [];
    });
    if (opened.length === 0) return;
    await this.deliveries.add(opened);
    await enqueueWebhookAttempts(this.jobs, opened);
  }
}
