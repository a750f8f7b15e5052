/**
 * Our error codes: what `error_code` of a message holds. Gateways map their carrier's codes (SMPP
 * command_status, DLR `err:`) to these, so customers see one vocabulary whatever the route.
 *
 * `stage` says where a code arises: `before_sending` (we refused or dropped the message ourselves:
 * status `rejected`, or `failed` when it could not be sent), `submission` (the carrier answered the
 * submission, or we could not reach it) and `delivery` (a delivery receipt reported it).
 * `retryable` is about submissions only: a submission refused with a retryable code may be tried
 * again later; a failure reported by a receipt is final whatever its code.
 */
export type DeliveryErrorStage = 'before_sending' | 'submission' | 'delivery';

export interface DeliveryErrorInfo {
  readonly retryable: boolean;
  readonly stages: readonly DeliveryErrorStage[];
  readonly description: string;
}

export const DELIVERY_ERROR_CODES = {
  opted_out: { retryable: false, stages: ['before_sending'], description: 'The recipient opted out of messages from this account.' },
  blocked_content: {
    retryable: false,
    stages: ['before_sending', 'submission', 'delivery'],
    description: 'The content was refused by a content policy or a carrier spam filter.',
  },
  cancelled: { retryable: false, stages: ['before_sending'], description: 'The scheduled message was cancelled before it was sent.' },
  no_route: { retryable: false, stages: ['before_sending'], description: 'No active route served the destination when the message was due.' },
  dispatch_failed: {
    retryable: false,
    stages: ['before_sending'],
    description: 'The message could not be written for sending, after every retry of its bulk chunk; it was refunded.',
  },
  invalid_destination: {
    retryable: false,
    stages: ['submission', 'delivery'],
    description: 'The destination number is invalid, unallocated or not served by the carrier.',
  },
  unknown_subscriber: { retryable: false, stages: ['delivery'], description: 'The number is not assigned to a subscriber.' },
  absent_subscriber: {
    retryable: false,
    stages: ['delivery'],
    description: 'The handset was switched off or out of coverage until the message expired.',
  },
  subscriber_barred: { retryable: false, stages: ['delivery'], description: 'The subscriber is barred from receiving messages.' },
  handset_error: { retryable: false, stages: ['delivery'], description: 'The handset could not take the message (memory full, protocol error).' },
  invalid_sender_id: { retryable: false, stages: ['submission'], description: 'The carrier refused the sender ID.' },
  invalid_message: {
    retryable: false,
    stages: ['submission'],
    description: 'The carrier refused the form of the message (length, data coding, flags).',
  },
  carrier_rejected: { retryable: false, stages: ['submission', 'delivery'], description: 'The carrier refused the message without a more precise reason.' },
  expired: { retryable: false, stages: ['delivery'], description: 'The validity period ended before the message could be delivered.' },
  undeliverable: { retryable: false, stages: ['delivery'], description: 'The carrier could not deliver the message and gave no more precise reason.' },
  network_error: { retryable: false, stages: ['delivery'], description: 'A failure in the mobile network prevented delivery.' },
  throttled: { retryable: true, stages: ['submission'], description: 'The carrier asked us to slow down.' },
  carrier_queue_full: { retryable: true, stages: ['submission'], description: 'The carrier could not queue more messages for now.' },
  carrier_system_error: { retryable: true, stages: ['submission'], description: 'The carrier had a temporary fault.' },
  carrier_unavailable: { retryable: true, stages: ['submission'], description: 'No connection to the carrier was available in time.' },
  network_timeout: {
    retryable: true,
    stages: ['submission'],
    description: 'The carrier did not answer the submission in time, or the connection dropped while it was in flight.',
  },
  insufficient_route_capacity: {
    retryable: true,
    stages: ['submission'],
    description: 'The route had more submissions waiting than it can hold; try again later.',
  },
  unknown_error: { retryable: false, stages: ['submission', 'delivery'], description: 'The carrier reported an error we have no code for.' },
} as const satisfies Record<string, DeliveryErrorInfo>;

export type DeliveryErrorCode = keyof typeof DELIVERY_ERROR_CODES;

export const DELIVERY_ERROR_CODE_LIST = Object.keys(DELIVERY_ERROR_CODES) as readonly DeliveryErrorCode[];

export function isDeliveryErrorCode(value: string): value is DeliveryErrorCode {
  return Object.hasOwn(DELIVERY_ERROR_CODES, value);
}

/** Whether a submission refused with this code may be tried again. */
export function isRetryableError(code: DeliveryErrorCode): boolean {
  return DELIVERY_ERROR_CODES[code].retryable;
}
