import type { WebhookOwner } from '../../domain/events/webhook-event.ts';
import type { WebhookAttempt, WebhookDelivery } from '../../domain/deliveries/webhook-delivery.aggregate.ts';

/** A delivery with its attempts of every series, oldest first: the deliveries log's entry. */
export interface LoggedWebhookDelivery {
  readonly delivery: WebhookDelivery;
  readonly attempts: readonly WebhookAttempt[];
}

export interface WebhookDeliveryPage {
  readonly deliveries: readonly LoggedWebhookDelivery[];
  readonly total: number;
}

/** Whose deliveries a read may see: an owner's, of some products (their profiles' names) and of one kind of endpoint, where given. */
export interface WebhookDeliveryScope extends WebhookOwner {
  readonly products?: readonly string[];
  readonly kind?: string;
}

/** The outbox of webhook events and the log of their attempts. */
export interface WebhookDeliveryRepository {
  add(deliveries: readonly WebhookDelivery[]): Promise<void>;
  /** In a unit of work with `lock`, held until it ends (an attempt is recorded once, and never over a redelivery). */
  find(eventId: string, options?: { readonly lock?: boolean }): Promise<WebhookDelivery | undefined>;
  /** Stores the delivery's new state and logs the attempt that led to it. */
  recordAttempt(delivery: WebhookDelivery, attempt: WebhookAttempt): Promise<void>;
  save(delivery: WebhookDelivery): Promise<void>;
  /** One delivery in the scope (its account and environment, and product and kind where given) with its attempts. */
  findLogged(scope: WebhookDeliveryScope, eventId: string): Promise<LoggedWebhookDelivery | undefined>;
  /** The scope's deliveries, newest event first (then by event id, descending), `limit` per 0-based `page`. */
  list(scope: WebhookDeliveryScope, page: number, limit: number): Promise<WebhookDeliveryPage>;
  /**
   * Deletes up to `limit` deliveries of events created before `before` that are no longer pending
   * (delivered or failed), with their attempts, oldest first; answers how many it deleted.
   */
  purgeFinished(before: Date, limit: number): Promise<number>;
}
