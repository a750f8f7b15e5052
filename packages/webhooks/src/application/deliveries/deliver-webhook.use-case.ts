import { ResultAsync, transact, type Clock, type JobDefinition, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import type { RecordedAttempt, WebhookAttemptOutcome, WebhookAttemptRef, WebhookDelivery } from '../../domain/deliveries/webhook-delivery.aggregate.ts';
import { webhookHeaders, type WebhookProfile } from '../../domain/profiles/webhook-profile.ts';
import { signWebhookBody } from '../../domain/signing/webhook-signing.ts';
import type { WebhookDeliveryRepository } from './webhook-delivery.repository.port.ts';
import type { WebhookEndpoints } from './webhook-endpoints.port.ts';
import { deliverWebhookJob, enqueueWebhookAttempts } from './webhook-jobs.ts';
import type { WebhookSender } from './webhook-sender.port.ts';

/** An attempt whose endpoint no longer exists (a deleted mail webhook): logged as failed, nothing sent. */
const ENDPOINT_GONE: WebhookAttemptOutcome = { statusCode: null, latencyMs: 0, error: 'Not sent: the endpoint has no signing secret (it was deleted)' };

/**
 * Makes one attempt to deliver an event (the job of the profile's queue, `messaging.deliver-webhook`
 * for SMS). When the attempt is still due, the stored body is signed with the current secret of the
 * event's account and environment and POSTed, with the profile's headers and deadline, outside any
 * transaction; then, in one unit of work and under the delivery's lock, the attempt is logged and
 * either the delivery ends (delivered, or failed after the profile's last retry) or the next attempt
 * is enqueued at its delay. A job run again after its attempt was logged, or one of an older series,
 * does nothing. A run that died between the POST and the log POSTs again (at-least-once: the same
 * event id header), and logs the attempt once. An endpoint gone meanwhile (no secret) gets no POST:
 * the attempt is logged as failed, and so are its retries, until the event has failed.
 */
export class DeliverWebhook {
  private readonly job: JobDefinition<WebhookAttemptRef>;

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly endpoints: WebhookEndpoints,
    private readonly sender: WebhookSender,
    private readonly jobs: JobScheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly profile: WebhookProfile,
  ) {
    this.job = deliverWebhookJob(profile);
  }

  /**
   * The attempt as logged, or undefined when it was not due (made already, or superseded by a
   * redelivery). Never an Err: a failed POST is an attempt logged as failed, its next one enqueued.
   */
  execute(ref: WebhookAttemptRef): ResultAsync<RecordedAttempt | undefined, never> {
    return ResultAsync.fromSafePromise(this.attempt(ref));
  }

  private async attempt(ref: WebhookAttemptRef): Promise<RecordedAttempt | undefined> {
    const delivery = await this.deliveries.find(ref.eventId);
    if (!delivery?.awaits(ref)) return undefined;
    // Signed with the secret of the event's own environment and endpoint: a test secret never signs live events.
    const secret = await this.endpoints.signingSecret(delivery);
    const at = this.clock.now();
    const outcome = secret === undefined ? ENDPOINT_GONE : await this.post(delivery, secret);
    return transact(this.unitOfWork, () => this.record(ref, outcome, at));
  }

  private async post(delivery: WebhookDelivery, secret: string): Promise<WebhookAttemptOutcome> {
    const signature = await signWebhookBody(secret, delivery.body, this.profile.signatureFormat);
    const headers = webhookHeaders(this.profile, delivery, signature);
    return this.sender.post({ url: delivery.url, body: delivery.body, headers, timeoutMs: this.profile.timeoutMs });
  }

  private async record(ref: WebhookAttemptRef, outcome: WebhookAttemptOutcome, at: Date): Promise<RecordedAttempt | undefined> {
    const delivery = await this.deliveries.find(ref.eventId, { lock: true });
    if (!delivery?.awaits(ref)) return undefined;
    const recorded = delivery.record(outcome, at, this.clock.now(), this.profile.retryDelaysSeconds);
    await this.deliveries.recordAttempt(recorded.delivery, recorded.attempt);
    await enqueueWebhookAttempts(this.jobs, this.job, [recorded.delivery]);
    return recorded;
  }
}
