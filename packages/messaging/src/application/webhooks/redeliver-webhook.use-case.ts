import { conflict, err, notFound, ok, ResultAsync, type Clock, type ConflictError, type JobScheduler, type NotFoundError, type Result, type UnitOfWork } from '@tuma/kernel';
import { sameScope, type KeyScope } from '../../domain/messages/key-scope.ts';
import type { WebhookConfigRepository } from '../../domain/webhooks/webhook-config.repository.port.ts';
import type { LoggedWebhookDelivery, WebhookDeliveryRepository } from '../../domain/webhooks/webhook-delivery.repository.port.ts';
import { enqueueWebhookAttempts } from './webhook-jobs.ts';

export type RedeliverWebhookError = NotFoundError | ConflictError;

/**
 * `POST /api/webhooks/deliveries/{event_id}/redeliver`: a new series of attempts (first attempt at
 * once, then the 5 retries) for the same event id and body, to the account's current URL for the
 * event's kind. Attempts already logged stay; jobs of a series still running become no-ops. An
 * event of another account or environment is not found.
 */
export class RedeliverWebhook {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly configs: WebhookConfigRepository,
    private readonly jobs: JobScheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly owner: KeyScope; readonly eventId: string }): ResultAsync<LoggedWebhookDelivery, RedeliverWebhookError> {
    return this.unitOfWork.run(() => new ResultAsync(this.redeliver(input.owner, input.eventId)));
  }

  private async redeliver(owner: KeyScope, eventId: string): Promise<Result<LoggedWebhookDelivery, RedeliverWebhookError>> {
    const delivery = await this.deliveries.find(eventId, { lock: true });
    if (!delivery || !sameScope(owner, delivery)) return err(notFound('webhook_event', eventId));
    const url = (await this.configs.find(owner))?.urlFor(delivery.kind);
    if (!url) return err(conflict('webhook_config', `No ${delivery.kind === 'dlr' ? 'dlr_url' : 'mo_url'} is set to redeliver to`));
    const redelivered = delivery.redeliver(url, this.clock.now());
    await this.deliveries.save(redelivered);
    await enqueueWebhookAttempts(this.jobs, [redelivered]);
    return ok((await this.deliveries.findLogged(owner, eventId))!);
  }
}
