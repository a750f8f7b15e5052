import { UndoableMap } from '@tuma/kernel/testing';
import { sameOwner } from '../domain/events/webhook-event.ts';
import { WebhookDelivery, type WebhookAttempt, type WebhookDeliverySnapshot } from '../domain/deliveries/webhook-delivery.aggregate.ts';
import type { LoggedWebhookDelivery, WebhookDeliveryPage, WebhookDeliveryRepository, WebhookDeliveryScope } from '../application/deliveries/webhook-delivery.repository.port.ts';

const inScope = (scope: WebhookDeliveryScope, delivery: WebhookDeliverySnapshot): boolean =>
  sameOwner(scope, delivery) && (scope.products === undefined || scope.products.includes(delivery.product)) && (scope.kind === undefined || scope.kind === delivery.kind);

const newestFirst = (a: WebhookDeliverySnapshot, b: WebhookDeliverySnapshot): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.eventId < b.eventId ? 1 : a.eventId > b.eventId ? -1 : 0);

/** The webhook outbox and attempt log in memory: for embedding the core and for tests. */
export class InMemoryWebhookDeliveryRepository implements WebhookDeliveryRepository {
  private readonly deliveries = new UndoableMap<string, WebhookDeliverySnapshot>();
  /** By event, series and attempt: a map, so that a purge rolled back puts them back too. */
  private readonly attempts = new UndoableMap<string, WebhookAttempt>();

  async add(deliveries: readonly WebhookDelivery[]): Promise<void> {
    for (const delivery of deliveries) {
      if (this.deliveries.has(delivery.eventId)) throw new Error(`Webhook event ${delivery.eventId} is stored already`);
      this.deliveries.set(delivery.eventId, delivery.toSnapshot());
    }
  }

  async find(eventId: string): Promise<WebhookDelivery | undefined> {
    const snapshot = this.deliveries.get(eventId);
    return snapshot && WebhookDelivery.rehydrate(snapshot);
  }

  async recordAttempt(delivery: WebhookDelivery, attempt: WebhookAttempt): Promise<void> {
    const key = `${attempt.eventId} ${attempt.series}.${attempt.attempt}`;
    if (this.attempts.has(key)) throw new Error(`Attempt ${attempt.series}.${attempt.attempt} of ${attempt.eventId} is logged already`);
    this.attempts.set(key, { ...attempt });
    await this.save(delivery);
  }

  async save(delivery: WebhookDelivery): Promise<void> {
    if (!this.deliveries.has(delivery.eventId)) throw new Error(`No webhook event ${delivery.eventId}`);
    this.deliveries.set(delivery.eventId, delivery.toSnapshot());
  }

  async findLogged(scope: WebhookDeliveryScope, eventId: string): Promise<LoggedWebhookDelivery | undefined> {
    const snapshot = this.deliveries.get(eventId);
    return snapshot && inScope(scope, snapshot) ? this.logged(snapshot) : undefined;
  }

  async list(scope: WebhookDeliveryScope, page: number, limit: number): Promise<WebhookDeliveryPage> {
    const own = [...this.deliveries.values()].filter((d) => inScope(scope, d)).sort(newestFirst);
    return { deliveries: own.slice(page * limit, (page + 1) * limit).map((d) => this.logged(d)), total: own.length };
  }

  async purgeFinished(before: Date, limit: number): Promise<number> {
    const doomed = [...this.deliveries.values()]
      .filter((d) => d.status !== 'pending' && d.createdAt.getTime() < before.getTime())
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map((d) => d.eventId);
    for (const eventId of doomed) this.deliveries.delete(eventId);
    const gone = new Set(doomed);
    for (const [key, attempt] of this.attempts) if (gone.has(attempt.eventId)) this.attempts.delete(key);
    return doomed.length;
  }

  private logged(snapshot: WebhookDeliverySnapshot): LoggedWebhookDelivery {
    const attempts = [...this.attempts.values()].filter((a) => a.eventId === snapshot.eventId).sort((a, b) => a.series - b.series || a.attempt - b.attempt);
    return { delivery: WebhookDelivery.rehydrate(snapshot), attempts };
  }
}
