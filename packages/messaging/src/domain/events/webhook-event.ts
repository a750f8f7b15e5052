/**
 * An event for an account's SMS webhooks (spec: Events): a delivery report (`message.<status>`, to
 * the account's `dlr_url`) or an inbound message (`message.inbound`, to its `mo_url`). Its id
 * (`evt_...`) is the `X-Webhook-ID` of every attempt to deliver it. The webhook engine
 * (`@tuma/webhooks`) stores, signs and delivers it.
 */
import type { WebhookEvent as EngineWebhookEvent } from '@tuma/webhooks';
import type { MessageEnvironment } from '../messages/outbound-message.ts';

export type WebhookEventKind = 'dlr' | 'mo';

export interface WebhookEvent extends EngineWebhookEvent {
  /** Whose endpoints it goes to: the configuration of the account's environment (test traffic's events to the test one). */
  readonly environment: MessageEnvironment;
  readonly kind: WebhookEventKind;
  /** `message.delivered`, `message.failed`, ..., `message.inbound`. */
  readonly type: string;
  /** The JSON body sent, exactly (the spec's fields, including `event`). */
  readonly payload: Readonly<Record<string, unknown>>;
}

/**
 * Where the platform hands events for delivery. Called inside a unit of work, the events are
 * stored (and their delivery jobs enqueued) with the surrounding writes: an event exists if and
 * only if the change it reports commits. Accounts without a URL for the kind, or with webhooks
 * switched off, keep no event.
 */
export interface EventPublisher {
  publish(events: readonly WebhookEvent[]): Promise<void>;
}
