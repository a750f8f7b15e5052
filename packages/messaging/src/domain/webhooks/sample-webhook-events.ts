import { newId } from '@tuma/kernel';
import type { WebhookEvent, WebhookEventKind } from '../events/webhook-event.ts';
import type { KeyScope } from '../messages/key-scope.ts';

/**
 * What `POST /api/webhooks/test` sends: a delivery report and an inbound message with the spec's
 * bodies, recognisable as samples by `environment: "test"`, `livemode: false` and the text. Their
 * ids are real event and message ids that name no stored message. They go to the endpoints of
 * `owner` (the caller's environment).
 */
export function sampleWebhookEvent(owner: KeyScope, kind: WebhookEventKind, now: Date): WebhookEvent {
  const at = now.toISOString();
  const payload =
    kind === 'dlr'
      ? {
          event: 'message.delivered',
          message_id: newId('msg', now),
          status: 'delivered',
          phone: '+254712345678',
          sender_id: 'TUMA',
          segments: 1,
          encoding: 'GSM7',
          environment: 'test',
          livemode: false,
          cost: 0,
          error_code: null,
          retry_count: 0,
          delivered_at: at,
          failed_at: null,
        }
      : {
          event: 'message.inbound',
          message_id: newId('mo', now),
          from: '+254712345678',
          to: '+254700000000',
          text: 'Sample inbound message from Tuma',
          keyword: null,
          opt_out: false,
        };
  return { id: newId('evt', now), accountId: owner.accountId, environment: owner.environment, kind, type: payload.event, payload, createdAt: now };
}
