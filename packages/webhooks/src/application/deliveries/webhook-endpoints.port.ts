import type { WebhookEvent, WebhookOwner } from '../../domain/events/webhook-event.ts';

/** The stored event a redelivery is for. */
export interface RedeliveredEvent {
  readonly product: string;
  /** The JSON body as it was signed. */
  readonly body: string;
}

/**
 * The product's side of the engine: its webhook configuration (SMS: `dlr_url`, `mo_url` and a
 * signing secret per account and environment). The engine asks it where events go and what signs
 * them; it never stores URLs or secrets of its own beyond the URL an event was stored with.
 */
export interface WebhookEndpoints<E extends WebhookEvent = WebhookEvent> {
  /**
   * Where each new event goes, in order: its owner's URL for its kind while webhooks are on, else
   * null (the event is not kept).
   */
  destinationsOf(events: readonly E[]): Promise<readonly (string | null)[]>;
  /**
   * The secret that signs the owner's events for the endpoint of `kind` now (every attempt signs with
   * the current one; SMS: one per owner, mail: one per webhook); undefined when there is none.
   */
  signingSecret(endpoint: WebhookOwner & { readonly kind: string }): Promise<string | undefined>;
  /**
   * Where a redelivery of the owner's event of `kind` goes now: its current URL, or why there is none
   * (for a 409). `event` is the stored delivery's product and signed body, for a product whose
   * events carry where they go (two-way's `message.inbound`: its service's URL).
   */
  redeliveryUrl(owner: WebhookOwner, kind: string, event: RedeliveredEvent): Promise<{ readonly url: string } | { readonly missing: string }>;
}
