/** Sender IDs: customers' registration requests, operator approval (fee on approval) and the approval check sends use. */
export { SenderIdName } from './domain/sender-ids/sender-id-name.value-object.ts';
export { parseSenderIdCountries, SENDER_ID_MAX_COUNTRIES } from './domain/sender-ids/sender-id-countries.ts';
export {
  SENDER_ID_REJECTION_REASON_MAX_LENGTH,
  SENDER_ID_STATUSES,
  SENDER_ID_USE_CASE_MAX_LENGTH,
  SenderIdRequest,
  type NewSenderIdRequest,
  type NewSenderIdRequestInput,
  type SenderIdApproval,
  type SenderIdFeeCharge,
  type SenderIdRequestSnapshot,
  type SenderIdStatus,
} from './domain/sender-ids/sender-id-request.aggregate.ts';
export { senderIdNotPending, senderIdTaken, type SenderIdNotPendingError, type SenderIdTakenError } from './domain/sender-ids/sender-id-errors.ts';
export { estimateSenderIdFee, feeInWalletCurrency, type SenderIdFeeEstimate } from './domain/sender-ids/sender-id-fee-estimate.ts';
export type { SenderIdApprovals } from './application/sender-ids/sender-id-approvals.port.ts';
export type { SenderIdListQuery, SenderIdPage, SenderIdRepository } from './application/sender-ids/sender-id.repository.port.ts';
export { RequestSenderId, type RequestSenderIdError, type RequestSenderIdInput, type SenderIdReceipt } from './application/sender-ids/request-sender-id.use-case.ts';
export { ListSenderIds } from './application/sender-ids/list-sender-ids.use-case.ts';
export { ReviewSenderIds, type SenderIdReview } from './application/sender-ids/review-sender-ids.use-case.ts';
export { ApproveSenderId, type ApproveSenderIdError, type SenderIdDecision } from './application/sender-ids/approve-sender-id.use-case.ts';
export {
  ChargeSenderIdRecurringFee,
  RECURRING_FEE_PERIOD_MS,
  RECURRING_FEE_RETRY_MS,
  type RecurringFeeOutcome,
} from './application/sender-ids/charge-sender-id-recurring-fee.use-case.ts';
export { RejectSenderId, type RejectSenderIdError, type RejectSenderIdInput } from './application/sender-ids/reject-sender-id.use-case.ts';
