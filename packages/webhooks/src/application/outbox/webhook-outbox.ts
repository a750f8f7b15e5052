import type { Clock, JobDefinition, JobScheduler } from '@tuma/kernel';
import { WebhookDelivery, type WebhookAttemptRef } from '../../domain/deliveries/webhook-delivery.aggregate.ts';
import type { WebhookEvent } from '../../domain/events/webhook-event.ts';
import type { WebhookProfile } from '../../domain/profiles/webhook-profile.ts';
import type { WebhookDeliveryRepository } from '../deliveries/webhook-delivery.repository.port.ts';
import { deliverWebhookJob, enqueueWebhookAttempts } from '../deliveries/webhook-jobs.ts';

/** An event and the URL its product resolved for it. */
export interface OutboxEntry {
  readonly event: WebhookEvent;
  readonly url: string;
}

/**
 * The outbox of one profile: in the caller's unit of work, each event is stored (`webhook_delivery`)
 * with its URL and the body exactly as it will be signed, and its first delivery attempt is
 * enqueued in the profile's queue, so an event exists if and only if the change it reports commits.
 */
export class WebhookOutbox {
  private readonly job: JobDefinition<WebhookAttemptRef>;

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly jobs: JobScheduler,
    private readonly clock: Clock,
    readonly profile: WebhookProfile,
  ) {
    this.job = deliverWebhookJob(profile);
  }

  /** `notBefore`: when the first attempts' jobs may start (default at once). */
  async store(entries: readonly OutboxEntry[], options: { readonly notBefore?: Date } = {}): Promise<WebhookDelivery[]> {
    if (entries.length === 0) return [];
    const now = this.clock.now();
    const opened = entries.map(({ event, url }) => WebhookDelivery.open(event, url, now, this.profile.name));
    await this.deliveries.add(opened);
    await enqueueWebhookAttempts(this.jobs, this.job, opened, options);
    return opened;
  }
}
