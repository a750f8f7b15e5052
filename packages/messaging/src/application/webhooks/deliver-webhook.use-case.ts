import { transact, type Clock, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import type { WebhookConfigRepository } from '../../domain/webhooks/webhook-config.repository.port.ts';
import type { RecordedAttempt, WebhookAttemptOutcome, WebhookAttemptRef } from '../../domain/webhooks/webhook-delivery.aggregate.ts';
import type { WebhookDeliveryRepository } from '../../domain/webhooks/webhook-delivery.repository.port.ts';
import { signWebhookBody, webhookHeaders } from '../../domain/webhooks/webhook-signing.ts';
import { enqueueWebhookAttempts } from './webhook-jobs.ts';
import type { WebhookSender } from './webhook-sender.port.ts';

/**
 * Makes one attempt to deliver an event (the `messaging.deliver-webhook` job). When the attempt is
 * still due, the stored body is signed with the current secret of the event's account and environment and POSTed outside any
 * transaction; then, in one unit of work and under the delivery's lock, the attempt is logged and
 * either the delivery ends (delivered, or failed after the last retry) or the next attempt is
 * enqueued at its delay. A job run again after its attempt was logged, or one of an older series,
 * does nothing. A run that died between the POST and the log POSTs again (at-least-once: the same
 * `X-Webhook-ID`), and logs the attempt once.
 */
export class DeliverWebhook {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly configs: WebhookConfigRepository,
    private readonly sender: WebhookSender,
    private readonly jobs: JobScheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** The attempt as logged, or undefined when it was not due (made already, or superseded by a redelivery). */
  async execute(ref: WebhookAttemptRef): Promise<RecordedAttempt | undefined> {
    const delivery = await this.deliveries.find(ref.eventId);
    if (!delivery?.awaits(ref)) return undefined;
    // Signed with the secret of the event's own environment: a test secret never signs live events.
    const config = await this.configs.find(delivery);
    if (!config) throw new Error(`Webhook event ${ref.eventId} belongs to ${delivery.accountId} (${delivery.environment}), which has no webhook configuration there`);
    const signature = await signWebhookBody(config.signingSecret, delivery.body);
    const at = this.clock.now();
    const outcome = await this.sender.post({ url: delivery.url, body: delivery.body, headers: webhookHeaders(delivery.eventId, signature) });
    return transact(this.unitOfWork, () => this.record(ref, outcome, at));
  }

  private async record(ref: WebhookAttemptRef, outcome: WebhookAttemptOutcome, at: Date): Promise<RecordedAttempt | undefined> {
    const delivery = await this.deliveries.find(ref.eventId, { lock: true });
    if (!delivery?.awaits(ref)) return undefined;
    const recorded = delivery.record(outcome, at, this.clock.now());
    await this.deliveries.recordAttempt(recorded.delivery, recorded.attempt);
    await enqueueWebhookAttempts(this.jobs, [recorded.delivery]);
    return recorded;
  }
}
