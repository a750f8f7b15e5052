import type { Clock, JobScheduler } from '@tuma/kernel';
import type { EventPublisher, WebhookEvent } from '../../domain/events/webhook-event.ts';
import { scopeKey } from '../../domain/messages/key-scope.ts';
import { destinationOf } from '../../domain/webhooks/webhook-config.aggregate.ts';
import type { WebhookConfigRepository } from '../../domain/webhooks/webhook-config.repository.port.ts';
import { WebhookDelivery } from '../../domain/webhooks/webhook-delivery.aggregate.ts';
import type { WebhookDeliveryRepository } from '../../domain/webhooks/webhook-delivery.repository.port.ts';
import { enqueueWebhookAttempts } from './webhook-jobs.ts';

/**
 * The `EventPublisher` of the platform: in the caller's unit of work, each event whose account has,
 * in the event's environment, webhooks on and a URL for its kind (`dlr` -> dlr_url, `mo` -> mo_url)
 * is stored in the outbox with that URL, and its first delivery attempt is enqueued. Other events
 * are not kept: a live event never goes to a test endpoint, nor a test event to a live one.
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
    const owners = new Map(events.map((event) => [scopeKey(event), { accountId: event.accountId, environment: event.environment }]));
    const routing = await this.configs.routingOf([...owners.values()]);
    const now = this.clock.now();
    const opened = events.flatMap((event) => {
      const account = routing.get(scopeKey(event));
      const url = account && destinationOf(account, event.kind);
      return url ? [WebhookDelivery.open(event, url, now)] : [];
    });
    if (opened.length === 0) return;
    await this.deliveries.add(opened);
    await enqueueWebhookAttempts(this.jobs, opened);
  }
}
