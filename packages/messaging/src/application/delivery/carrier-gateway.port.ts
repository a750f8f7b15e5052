/**
 * The port sends use to hand a message to a carrier. Implementations: SimulatorCarrierGateway and
 * SmppCarrierGateway (`@tuma/carriers-adapter`). Receipts come back later through a
 * DeliveryReceiptSink the gateway was given.
 */
import type { DomainError, Result } from '@tuma/kernel';
import type { DeliveryErrorCode } from '../../domain/delivery/delivery-error-codes.ts';
import type { SmsEncoding } from '../../domain/segmenting/segmenter.ts';

export interface CarrierSubmission {
  /** Our message id (`msg_...`). */
  readonly messageId: string;
  /** Sender ID: alphanumeric (up to 11 characters), a short code or an E.164 number. */
  readonly from: string;
  /** Destination, E.164 (`+254712345678`). */
  readonly to: string;
  readonly text: string;
  readonly encoding: SmsEncoding;
  /** The parts from `segmentMessage(text).parts`, sent as one concatenated message. */
  readonly parts: readonly string[];
  readonly routeCode: string;
}

export interface SubmitAccepted {
  /**
   * The carrier's ids, one per part it received, in part order: as many as `parts`, or one when the
   * gateway sends a long message in one piece (SMPP message_payload).
   */
  readonly carrierMessageIds: readonly string[];
}

export interface SubmitRejected extends DomainError {
  readonly type: 'submit_rejected';
  readonly errorCode: DeliveryErrorCode;
  /** Whether a later attempt may succeed (throttling, timeouts, no connection). */
  readonly retryable: boolean;
  /** The carrier's own answer (e.g. `0x0000000B`), null when it never answered. */
  readonly carrierStatus: string | null;
  /** Ids of parts the carrier took before refusing another part of the same message. */
  readonly acceptedCarrierMessageIds: readonly string[];
}

export type SubmitResult = Result<SubmitAccepted, SubmitRejected>;

export interface CarrierGateway {
  /** Names the carrier connection in receipts (`DeliveryReceipt.carrier`). */
  readonly name: string;
  /**
   * Submits every part. Carrier refusals and unreachable carriers are `SubmitRejected` results. A
   * throw (or a rejected promise) is taken as a lost answer: the dispatch records it as a retryable
   * `network_timeout` refusal ("The carrier gateway threw: ..."), retried by the retry policy, since
   * the carrier may have taken the message. Answer `carrier_unavailable` yourself for what surely
   * never left, so that its retry cannot duplicate.
   */
  submit(submission: CarrierSubmission): Promise<SubmitResult>;
}

export const submitRejected = (
  errorCode: DeliveryErrorCode,
  retryable: boolean,
  message: string,
  carrierStatus: string | null = null,
  acceptedCarrierMessageIds: readonly string[] = [],
): SubmitRejected => ({ type: 'submit_rejected', errorCode, retryable, message, carrierStatus, acceptedCarrierMessageIds });
