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
  private readonly job: JobDefinition<WebhookAttemptRef>;

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly endpoints: WebhookEndpoints,
    private readonly jobs: JobScheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly profile: WebhookProfile,
  ) {
    this.job = deliverWebhookJob(profile);
  }

  /** `kind`: the event must be of this kind of endpoint (mail: the webhook in the path), else it is not found. */
  execute(input: { readonly owner: WebhookOwner; readonly eventId: string; readonly kind?: string }): ResultAsync<LoggedWebhookDelivery, RedeliverWebhookError> {
    return this.unitOfWork.run(() => new ResultAsync(this.redeliver(input.owner, input.eventId, input.kind)));
  }

  private async redeliver(owner: WebhookOwner, eventId: string, kind: string | undefined): Promise<Result<LoggedWebhookDelivery, RedeliverWebhookError>> {
    const delivery = await this.deliveries.find(eventId, { lock: true });
    const ours = delivery && sameOwner(owner, delivery) && delivery.product === this.profile.name && (kind === undefined || delivery.kind === kind);
    if (!delivery || !ours) return err(notFound('webhook_event', eventId));
    const destination = await this.endpoints.redeliveryUrl(owner, delivery.kind);
    if ('missing' in destination) return err(conflict('webhook_config', destination.missing));
    const redelivered = delivery.redeliver(destination.url, this.clock.now());
    await this.deliveries.save(redelivered);
    await enqueueWebhookAttempts(this.jobs, this.job, [redelivered]);
    return ok((await this.deliveries.findLogged({ ...owner, product: this.profile.name }, eventId))!);
  }
}
