import { conflict, errAsync, ResultAsync, type Clock, type ConflictError, type UnitOfWork } from '@tuma/kernel';
import type { DeliverWebhook, LoggedWebhookDelivery, OutboxEntry, WebhookDelivery, WebhookDeliveryRepository, WebhookOutbox } from '@tuma/webhooks';
import type { KeyScope } from '../../domain/messages/key-scope.ts';
import type { WebhookEventKind } from '../../domain/events/webhook-event.ts';
import { sampleWebhookEvent } from '../../domain/webhooks/sample-webhook-events.ts';
import type { WebhookConfigRepository } from './webhook-config.repository.port.ts';
import { webhookConfigOf } from './webhook-config-of.ts';

const KINDS: readonly WebhookEventKind[] = ['dlr', 'mo'];

/** The job of a test event's first attempt waits this many deadlines: it only matters when the request died before making it. */
const FIRST_ATTEMPT_FALLBACK_DEADLINES = 4;

/**
 * `POST /api/webhooks/test`: a sample delivery report to dlr_url and a sample `message.inbound` to
 * mo_url (each when set, webhooks on or off), through the delivery path of every event: stored,
 * signed with the current secret, logged, retried on failure. The first attempts are made during
 * the request, so the answer shows their outcome; a job stands by to make them should the request
 * die first.
 */
export class SendTestWebhooks {
  constructor(
    private readonly configs: WebhookConfigRepository,
    private readonly outbox: WebhookOutbox,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly deliver: DeliverWebhook,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** `owner`: the key's account and environment, whose URLs and secret are used. */
  execute(owner: KeyScope): ResultAsync<readonly LoggedWebhookDelivery[], ConflictError> {
    return this.unitOfWork
      .run(() => ResultAsync.fromSafePromise(this.store(owner)))
      .andThen((stored) => (stored.length > 0 ? ResultAsync.fromSafePromise(this.attempt(owner, stored)) : errAsync(noUrl())));
  }

  private async store(owner: KeyScope): Promise<WebhookDelivery[]> {
    const now = this.clock.now();
    const config = await webhookConfigOf(this.configs, owner, now);
    const samples = KINDS.flatMap((kind): OutboxEntry[] => {
      const url = config.urlFor(kind);
      return url ? [{ event: sampleWebhookEvent(owner, kind, now), url }] : [];
    });
    const fallback = FIRST_ATTEMPT_FALLBACK_DEADLINES * this.outbox.profile.timeoutMs;
    return this.outbox.store(samples, { notBefore: new Date(now.getTime() + fallback) });
  }

  private async attempt(owner: KeyScope, stored: readonly WebhookDelivery[]): Promise<LoggedWebhookDelivery[]> {
    await Promise.all(stored.map((delivery) => this.deliver.execute(delivery.nextAttempt()!)));
    const logged = await Promise.all(stored.map((delivery) => this.deliveries.findLogged(owner, delivery.eventId)));
    return logged.filter((entry) => entry !== undefined);
  }
}

const noUrl = (): ConflictError => conflict('webhook_config', 'Set dlr_url or mo_url before sending test events');
