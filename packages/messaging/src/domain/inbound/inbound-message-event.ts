/** The `message.inbound` webhook event (the spec's "SMS inbound (to mo_url)"). */
import type { WebhookEvent } from '../events/webhook-event.ts';
import type { RecognisedKeyword } from './inbound-keywords.ts';
import type { InboundMessage } from './inbound-message.ts';

export const INBOUND_EVENT_TYPE = 'message.inbound';

/**
 * The event of a message attributed to `accountId`. `keyword` is the STOP or START keyword the
 * message was (null for any other text); `opt_out` is true for a STOP keyword only.
 */
export function inboundMessageEvent(
  eventId: string,
  accountId: string,
  message: InboundMessage,
  keyword: RecognisedKeyword | null,
  at: Date,
): WebhookEvent {
  return {
    id: eventId,
    accountId,
    // Replies come from real phones through the live gateway: live traffic, to the live endpoints.
    environment: 'live',
    kind: 'mo',
    type: INBOUND_EVENT_TYPE,
    payload: {
      event: INBOUND_EVENT_TYPE,
      message_id: message.id,
      from: message.from,
      to: message.to,
      text: message.text,
      keyword: keyword?.keyword ?? null,
      opt_out: keyword?.action === 'opt_out',
    },
    createdAt: at,
  };
}
