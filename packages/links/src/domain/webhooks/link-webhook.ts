import { newId } from '@tuma/kernel';
import { WEBHOOK_TIMEOUT_MS, WEBHOOK_USER_AGENT, type WebhookProfile } from '@tuma/webhooks';
import type { LinkEnvironment } from '../links/link.aggregate.ts';

/** The events a links webhook may subscribe to (the spec names none: docs/links.md, "Webhooks"). */
export const LINK_WEBHOOK_EVENTS = ['link.clicked'] as const;
export type LinkWebhookEventType = (typeof LINK_WEBHOOK_EVENTS)[number];

/** At most this many webhooks per account and environment: each click fans out to every one. */
export const LINK_WEBHOOKS_PER_ACCOUNT = 10;

/**
 * Click webhooks on the shared engine with the links profile: the mail API's wire style (`X-SVC-Signature:
 * sha256=<hex>`, `X-SVC-Event`, `X-SVC-Delivery-ID`) and schedule (1 min, 5 min, 30 min, 2 h, 8 h).
 */
export const LINKS_WEBHOOK_PROFILE: WebhookProfile = {
  name: 'links',
  jobName: 'links.deliver-webhook',
  userAgent: WEBHOOK_USER_AGENT,
  headers: { eventId: 'X-SVC-Delivery-ID', signature: 'X-SVC-Signature', eventType: 'X-SVC-Event' },
  signatureFormat: 'sha256=hex',
  retryDelaysSeconds: [60, 300, 1800, 7200, 28800],
  timeoutMs: WEBHOOK_TIMEOUT_MS,
};

export interface LinkWebhookSnapshot {
  /** `lwh_` + ULID. */
  readonly id: string;
  readonly accountId: string;
  /** A test key's webhooks get its environment's clicks: test links' only. */
  readonly environment: LinkEnvironment;
  readonly url: string;
  readonly events: readonly LinkWebhookEventType[];
  /** Signs each delivery; sealed at rest, shown once at creation. */
  readonly secret: string;
  readonly isActive: boolean;
  readonly createdAt: Date;
}

export const newLinkWebhook = (input: Omit<LinkWebhookSnapshot, 'id' | 'isActive' | 'createdAt'>, now: Date): LinkWebhookSnapshot => ({
  ...input,
  id: newId('lwh', now),
  events: [...new Set(input.events)],
  isActive: true,
  createdAt: now,
});

/** Whether the webhook gets events of this type now. */
export const receives = (webhook: LinkWebhookSnapshot, event: string): boolean => webhook.isActive && (webhook.events as readonly string[]).includes(event);
