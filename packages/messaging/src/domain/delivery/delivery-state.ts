/**
 * The delivery side of an outbound message: its status and what the status rests on. Immutable;
 * `applyDeliveryEvent` (delivery-transitions.ts) gives the next state.
 */
import type { DeliveryErrorCode } from './delivery-error-codes.ts';
import type { OutboundMessageStatus } from './message-status.ts';

/** The final word of one part (one carrier message id) from its receipts. */
export interface PartOutcome {
  readonly carrierMessageId: string;
  readonly outcome: 'delivered' | 'failed';
  readonly errorCode: DeliveryErrorCode | null;
  /** When we received the receipt that settled the part. */
  readonly at: Date;
}

export interface DeliveryState {
  readonly status: OutboundMessageStatus;
  /** Submissions tried again after a retryable refusal: 0 for a message submitted at the first try. */
  readonly retryCount: number;
  /**
   * Why the message failed or was rejected; while it waits for a retry, why the last attempt was
   * refused. Null otherwise (acceptance by the carrier clears it).
   */
  readonly errorCode: DeliveryErrorCode | null;
  /** The carrier's ids of the parts, in part order; empty until the carrier accepted them. */
  readonly carrierMessageIds: readonly string[];
  /** The settled parts, in the order their receipts arrived; one entry per carrier id at most. */
  readonly partOutcomes: readonly PartOutcome[];
  /** When the latest submission attempt started (status `sent`). */
  readonly sentAt: Date | null;
  /** When the carrier accepted the message (status `submitted`). */
  readonly submittedAt: Date | null;
  /** When the receipt completing the delivery arrived. */
  readonly deliveredAt: Date | null;
  /** When the message became `failed` or `rejected`. */
  readonly failedAt: Date | null;
}

/** A new outbound message: accepted and waiting for its submission. */
export function queuedDelivery(): DeliveryState {
  return {
    status: 'queued',
    retryCount: 0,
    errorCode: null,
    carrierMessageIds: [],
    partOutcomes: [],
    sentAt: null,
    submittedAt: null,
    deliveredAt: null,
    failedAt: null,
  };
}
