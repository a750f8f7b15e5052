import { conflict, err, notFound, ok, ResultAsync, type Clock, type ConflictError, type JobDefinition, type JobScheduler, type NotFoundError, type Result, type UnitOfWork } from '@tuma/kernel';
import type { WebhookAttemptRef } from '../../domain/deliveries/webhook-delivery.aggregate.ts';
import { sameOwner, type WebhookOwner } from '../../domain/events/webhook-event.ts';
import type { WebhookProfile } from '../../domain/profiles/webhook-profile.ts';
import type { LoggedWebhookDelivery, WebhookDeliveryRepository } from './webhook-delivery.repository.port.ts';
import type { WebhookEndpoints } from './webhook-endpoints.port.ts';
import { deliverWebhookJob, enqueueWebhookAttempts } from './webhook-jobs.ts';

export type RedeliverWebhookError = NotFoundError | ConflictError;

/**
 * `POST /api/webhooks/deliveries/{event_id}/redeliver`: a new series of attempts (first attempt at
 * once, then the profile's retries) for the same event id and body, to the owner's current URL for
 * the event's kind. Attempts already logged stay; jobs of a series still running become no-ops. An
 * event of another account or environment is not found.
 */
export class RedeliverWebhook {
  /** The delivery job of each product this redelivers: an event goes again on its own profile's queue and schedule. */
  private readonly jobs: ReadonlyMap<string, JobDefinition<WebhookAttemptRef>>;

  /** `profiles`: the products whose events it redelivers (SMS's: two-way's too), all to `endpoints`' current URLs. */
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly endpoints: WebhookEndpoints,
    private readonly scheduler: JobScheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    profiles: readonly WebhookProfile[],
  ) {
    this.jobs = new Map(profiles.map((profile) => [profile.name, deliverWebhookJob(profile)]));
  }

  /** `kind`: the event must be of this kind of endpoint (mail: the webhook in the path), else it is not found. */
  execute(input: { readonly owner: WebhookOwner; readonly eventId: string; readonly kind?: string }): ResultAsync<LoggedWebhookDelivery, RedeliverWebhookError> {
    return this.unitOfWork.run(() => new ResultAsync(this.redeliver(input.owner, input.eventId, input.kind)));
  }

  private async redeliver(owner: WebhookOwner, eventId: string, kind: string | undefined): Promise<Result<LoggedWebhookDelivery, RedeliverWebhookError>> {
    const delivery = await this.deliveries.find(eventId, { lock: true });
    const job = delivery && this.jobs.get(delivery.product);
    if (!delivery || !job || !sameOwner(owner, delivery) || (kind !== undefined && delivery.kind !== kind)) return err(notFound('webhook_event', eventId));
    const destination = await this.endpoints.redeliveryUrl(owner, delivery.kind, delivery);
    if ('missing' in destination) return err(conflict('webhook_config', destination.missing));
    const redelivered = delivery.redeliver(destination.url, this.clock.now());
    await this.deliveries.save(redelivered);
    await enqueueWebhookAttempts(this.scheduler, job, [redelivered]);
    return ok((await this.deliveries.findLogged({ ...owner, products: [...this.jobs.keys()] }, eventId))!);
  }
}
