/**
 * Which status changes of an outbound message are reported to the account's `dlr_url`, and with
 * what body (spec: "SMS delivery report"). The spec says both "every status change" and "when a
 * message reaches a terminal state"; we report what a customer can act on (docs/webhooks.md):
 * - `submitted`: the carrier accepted the message (the spec's "sent": it is on the network);
 * - every final status: `delivered`, `failed`, `rejected` (opted out, cancelled) — always.
 * `queued` (the send's own answer says it) and `sent` (the seconds between handing it to the
 * gateway and its answer; a retry goes back to `queued`) are not reported.
 */
import { newId } from '@tuma/kernel';
import type { OutboundMessageStatus } from '../delivery/message-status.ts';
import type { OutboundMessage } from '../messages/outbound-message.ts';
import type { WebhookEvent } from './webhook-event.ts';

export const REPORTED_STATUSES: readonly OutboundMessageStatus[] = ['submitted', 'delivered', 'failed', 'rejected'];

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** The report of `after` when its status changed from `before` into a reported one; else undefined. */
export function deliveryReport(before: OutboundMessageStatus | null, after: OutboundMessage, at: Date): WebhookEvent | undefined {
  const { status } = after.delivery;
  if (status === before || !REPORTED_STATUSES.includes(status)) return undefined;
  const d = after.delivery;
  return {
    id: newId('evt', at),
    accountId: after.accountId,
    environment: after.environment,
    kind: 'dlr',
    type: `message.${status}`,
    payload: {
      event: `message.${status}`,
      message_id: after.id,
      status,
      phone: after.phone,
      sender_id: after.senderId,
      segments: after.segments,
      encoding: after.encoding,
      environment: after.environment,
      livemode: after.environment === 'live',
      cost: after.cost.toNumber(),
      error_code: d.errorCode,
      retry_count: d.retryCount,
      delivered_at: iso(d.deliveredAt),
      failed_at: iso(d.failedAt),
    },
    createdAt: at,
  };
}

/** The reports of a set of changes (message before -> after), in order. */
export function deliveryReports(changes: readonly { readonly before: OutboundMessageStatus | null; readonly after: OutboundMessage }[], at: Date): WebhookEvent[] {
  return changes.flatMap(({ before, after }) => deliveryReport(before, after, at) ?? []);
}
