/**
 * A delivery receipt (DLR) as every gateway reports it: one per part of a message, naming the
 * part by the id the carrier gave it at submission.
 */
import type { DeliveryErrorCode } from './delivery-error-codes.ts';

/**
 * The carrier's view of one part. Final and failed: `failed`, `expired`, `undeliverable`,
 * `rejected`, `deleted`. Final and successful: `delivered`. Not final: `enroute`, `accepted`
 * (taken into the network) and `unknown` (the carrier does not know yet).
 */
export const RECEIPT_STATES = ['delivered', 'failed', 'expired', 'undeliverable', 'rejected', 'deleted', 'enroute', 'accepted', 'unknown'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

export interface DeliveryReceipt {
  /** Name of the gateway (carrier connection) that reported it; carrier ids are unique per carrier. */
  readonly carrier: string;
  /** The id the carrier gave the part at submission. */
  readonly carrierMessageId: string;
  /** Our message id, when the gateway knows it (the simulator does; an SMSC does not). */
  readonly messageId: string | null;
  /** 0-based index of the part, when the gateway knows it. */
  readonly partIndex: number | null;
  readonly state: ReceiptState;
  /** Our code for a failure, mapped by the gateway; null when delivered, pending or unmapped. */
  readonly errorCode: DeliveryErrorCode | null;
  /** The carrier's own error code as it sent it (DLR `err:`, network error code), for support. */
  readonly carrierErrorCode: string | null;
  /** When the carrier says it took the part, and when it reached the state (its clock, read as UTC). */
  readonly submittedAt: Date | null;
  readonly doneAt: Date | null;
  /** When we received the receipt (our clock): what `delivered_at` / `failed_at` are taken from. */
  readonly receivedAt: Date;
}

export type ReceiptOutcome = 'delivered' | 'failed' | 'pending';

const OUTCOME: Readonly<Record<ReceiptState, ReceiptOutcome>> = {
  delivered: 'delivered',
  failed: 'failed',
  expired: 'failed',
  undeliverable: 'failed',
  rejected: 'failed',
  deleted: 'failed',
  enroute: 'pending',
  accepted: 'pending',
  unknown: 'pending',
};

/** The code a failed state stands for when the gateway could not map a more precise one. */
const DEFAULT_FAILURE_CODE: Readonly<Record<ReceiptState, DeliveryErrorCode | null>> = {
  delivered: null,
  failed: 'unknown_error',
  expired: 'expired',
  undeliverable: 'undeliverable',
  rejected: 'carrier_rejected',
  deleted: 'carrier_rejected',
  enroute: null,
  accepted: null,
  unknown: null,
};

export function receiptOutcome(state: ReceiptState): ReceiptOutcome {
  return OUTCOME[state];
}

/** The error code a receipt gives its part: the mapped one, else the one its state stands for. */
export function receiptErrorCode(receipt: Pick<DeliveryReceipt, 'state' | 'errorCode'>): DeliveryErrorCode | null {
  if (receiptOutcome(receipt.state) !== 'failed') return null;
  return receipt.errorCode ?? DEFAULT_FAILURE_CODE[receipt.state];
}
