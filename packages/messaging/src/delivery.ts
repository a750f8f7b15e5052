/** Message statuses, delivery receipts and the carrier ports (issue 5). docs/message-statuses.md. */
export {
  FINAL_MESSAGE_STATUSES,
  INBOUND_MESSAGE_STATUS,
  isFinalStatus,
  isOutboundMessageStatus,
  NOT_FOUND_STATUS,
  OUTBOUND_MESSAGE_STATUSES,
  type FinalMessageStatus,
  type InboundMessageStatus,
  type MessageStatus,
  type OutboundMessageStatus,
  type StatusLookup,
} from './domain/delivery/message-status.ts';
export {
  DELIVERY_ERROR_CODE_LIST,
  DELIVERY_ERROR_CODES,
  isDeliveryErrorCode,
  isRetryableError,
  type DeliveryErrorCode,
  type DeliveryErrorInfo,
  type DeliveryErrorStage,
} from './domain/delivery/delivery-error-codes.ts';
export {
  RECEIPT_STATES,
  receiptErrorCode,
  receiptOutcome,
  type DeliveryReceipt,
  type ReceiptOutcome,
  type ReceiptState,
} from './domain/delivery/delivery-receipt.ts';
export { queuedDelivery, type DeliveryState, type PartOutcome } from './domain/delivery/delivery-state.ts';
export { DELIVERY_EVENT_TYPES, type DeliveryEvent, type DeliveryEventType } from './domain/delivery/delivery-event.ts';
export { settleParts, type MultipartOutcome } from './domain/delivery/multipart-outcome.ts';
export {
  applyDeliveryEvent,
  applyDeliveryEvents,
  DELIVERY_TRANSITIONS,
  type DeliveryTransition,
  type IgnoredBecause,
  type IllegalStatusTransition,
} from './domain/delivery/delivery-transitions.ts';
export {
  decideAfterRefusal,
  DEFAULT_RETRY_POLICY,
  retryDelayMs,
  type RetryDecision,
  type RetryPolicy,
  type SubmissionRefusal,
} from './domain/delivery/retry-policy.ts';
export {
  submitRejected,
  type CarrierGateway,
  type CarrierSubmission,
  type SubmitAccepted,
  type SubmitRejected,
  type SubmitResult,
} from './application/delivery/carrier-gateway.port.ts';
export type { DeliveryReceiptSink } from './application/delivery/delivery-receipt-sink.port.ts';
