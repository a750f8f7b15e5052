/** What happens to an outbound message on its way to the handset. docs/message-statuses.md. */
import type { DeliveryErrorCode } from './delivery-error-codes.ts';
import type { DeliveryReceipt } from './delivery-receipt.ts';

export type DeliveryEvent =
  /** A submission attempt starts: recorded before the gateway is called. */
  | { readonly type: 'dispatched'; readonly at: Date }
  /** The carrier accepted the submission and gave one id per part it received. */
  | { readonly type: 'carrier_accepted'; readonly carrierMessageIds: readonly string[]; readonly at: Date }
  /** The attempt was refused with a retryable code and another attempt will be made. */
  | { readonly type: 'retry_scheduled'; readonly errorCode: DeliveryErrorCode; readonly at: Date }
  /** The message cannot be sent or delivered: refused for good, retries used up, no route, no receipt in time. */
  | { readonly type: 'failed'; readonly errorCode: DeliveryErrorCode; readonly at: Date }
  /** Refused before sending (opt-out, content policy, cancellation). */
  | { readonly type: 'rejected'; readonly errorCode: DeliveryErrorCode; readonly at: Date }
  /** A delivery receipt for one part. */
  | { readonly type: 'receipt'; readonly receipt: DeliveryReceipt };

export type DeliveryEventType = DeliveryEvent['type'];

export const DELIVERY_EVENT_TYPES: readonly DeliveryEventType[] = [
  'dispatched',
  'carrier_accepted',
  'retry_scheduled',
  'failed',
  'rejected',
  'receipt',
];
