/**
 * Message statuses (the spec's "Message statuses"). An outbound message is always in one of the
 * six outbound statuses; `received` belongs to inbound messages and `not_found` is only what a bulk
 * status lookup answers for an id it does not know. Meanings and transitions:
 * docs/message-statuses.md.
 */

/** Outbound statuses, in the order a message normally moves through them. */
export const OUTBOUND_MESSAGE_STATUSES = ['queued', 'sent', 'submitted', 'delivered', 'failed', 'rejected'] as const;
export type OutboundMessageStatus = (typeof OUTBOUND_MESSAGE_STATUSES)[number];

/** Final statuses: once reached, nothing moves a message out of them. */
export const FINAL_MESSAGE_STATUSES = ['delivered', 'failed', 'rejected'] as const;
export type FinalMessageStatus = (typeof FINAL_MESSAGE_STATUSES)[number];

/** The status of every inbound (MO) message. */
export const INBOUND_MESSAGE_STATUS = 'received';
export type InboundMessageStatus = typeof INBOUND_MESSAGE_STATUS;

/** Every status a stored message can have. */
export type MessageStatus = OutboundMessageStatus | InboundMessageStatus;

/** What a bulk status lookup (`GET /api/messages/status`) answers for an unknown id. */
export const NOT_FOUND_STATUS = 'not_found';
export type StatusLookup = MessageStatus | typeof NOT_FOUND_STATUS;

export function isOutboundMessageStatus(value: string): value is OutboundMessageStatus {
  return (OUTBOUND_MESSAGE_STATUSES as readonly string[]).includes(value);
}

export function isFinalStatus(status: OutboundMessageStatus): status is FinalMessageStatus {
  return (FINAL_MESSAGE_STATUSES as readonly string[]).includes(status);
}
