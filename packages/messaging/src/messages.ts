/** Sending: single and bulk sends, the messages and batches they make, dispatch jobs and receipts (issue 5). */
export {
  MESSAGE_CATEGORIES,
  MESSAGE_ENVIRONMENTS,
  OutboundMessage,
  type AfterRefusal,
  type MessageCategory,
  type MessageEnvironment,
  type MessageTransition,
  type NewOutboundMessage,
  type OutboundMessageSnapshot,
} from './domain/messages/outbound-message.ts';
export { inScope, sameScope, scopeKey, type KeyScope } from './domain/messages/key-scope.ts';
export { BATCH_STATUSES, type BatchRepository, type BatchStatus, type MessageBatch } from './domain/messages/message-batch.ts';
export type { BatchTotals, DeliveryChange, DuplicateKey, DuplicateQuery, MessagePage, MessageQuery, MessageRepository } from './application/messages/message.repository.port.ts';
export { dueTime, SCHEDULE_MAX_AHEAD_MS, SCHEDULE_MIN_AHEAD_MS, SCHEDULE_MODES, type ScheduleMode } from './domain/messages/schedule.ts';
export {
  duplicateMessage,
  messageTooLong,
  noRecipients,
  notCancellable,
  quietHours,
  senderIdNotApproved,
  unroutable,
  UNROUTABLE_SAMPLES,
  type DuplicateMessageError,
  type MessageTooLongError,
  type NoRecipientsError,
  type NotCancellableError,
  type QuietHoursError,
  type SendError,
  type SenderIdNotApprovedError,
  type UnroutableError,
  type UnroutableSample,
} from './domain/messages/send-errors.ts';
export { DUPLICATE_WINDOW_MS } from './application/sending/screen-sends.ts';
export {
  SendMessage,
  type SendInsufficientBalance,
  type Sender,
  type SendMessageError,
  type SendMessageInput,
  type SentMessage,
} from './application/sending/send-message.use-case.ts';
export { PlanBulkSend, type BulkAudienceInput, type BulkPlan, type BulkPlanError, type BulkRecipientInput, type PlannedMember } from './application/sending/plan-bulk-send.ts';
export { BulkPrecheckUseCase, type BulkPrecheck, type CountryBreakdown } from './application/sending/bulk-precheck.use-case.ts';
export {
  DRIP_RATE_MAX,
  DRIP_RATE_MIN,
  SendBulk,
  type BulkAccepted,
  type BulkInsufficientBalance,
  type SendBulkError,
  type SendBulkInput,
} from './application/sending/send-bulk.use-case.ts';
export { CancelMessages, type CancelledBatch } from './application/sending/cancel-messages.use-case.ts';
export { DISPATCH_IN_FLIGHT_MAX, DispatchMessages, type DispatchOptions, type OwnSubmission } from './application/sending/dispatch-messages.use-case.ts';
export type { DispatchReport } from './application/sending/dispatch-report.ts';
export { writeAlongside, type AlongsideWrite, type AlongsideWriter } from './application/sending/alongside-writes.ts';
export { admissionAt, refusalsAtGates, type Admission, type AdmissionGate, type SendRateLimitedError } from './application/sending/admission-gates.ts';
export { SendOtpMessage, type OtpSendFailedError, type RecipientOptedOutError, type SendOtpError, type SendOtpInput, type SentOtp } from './application/sending/send-otp-message.use-case.ts';
export { RunDripStep } from './application/sending/run-drip-step.use-case.ts';
export { HOLD_RECHECK_MS, type SendingHolds } from './application/sending/sending-holds.port.ts';
export { enqueueBatchJobs } from './application/sending/batch-jobs.ts';
export { BATCH_CHUNK_SIZE, chunkRanges } from './domain/messages/batch-chunks.ts';
export type { BatchAudience } from './application/sending/batch-audience.port.ts';
export { DISPATCH_BATCH_JOB, DRIP_BATCH_JOB, OWN_SUBMISSION_DEADLINE_MS, SENDER_ID_RECURRING_FEE_JOB, SUBMIT_MESSAGE_JOB, UNSENT_GUARD_DELAY_MS, UNSENT_MESSAGE_GUARD_JOB, type DripStep, type UnsentGuard } from './application/sending/sending-jobs.ts';
export type { UnsentMessageFollowers } from './application/sending/unsent-message-followers.port.ts';
export { EnvironmentGateways, type GatewaySelector } from './application/sending/gateway-selector.ts';
export { unthrottled, type RouteThrottle } from './application/sending/route-throttle.ts';
export { SharedRouteThrottle, type SharedRouteThrottleOptions } from './application/sending/shared-route-throttle.ts';
export type { ThroughputLeases } from './application/sending/throughput-leases.port.ts';
export { ApplyDeliveryReceipts, type ReceiptApplication } from './application/delivery/apply-delivery-receipts.use-case.ts';
export { BatchingReceiptSink, type BatchingOptions } from './application/delivery/batching-receipt-sink.ts';
export { ListMessages, MESSAGE_PAGE_DEFAULT_LIMIT, MESSAGE_PAGE_MAX_LIMIT } from './application/messages/list-messages.use-case.ts';
export { GetMessage } from './application/messages/get-message.use-case.ts';
export { GetMessageStatuses, STATUS_LOOKUP_MAX_IDS, type StatusLookupResult } from './application/messages/get-message-statuses.use-case.ts';
export { BATCH_PAGE_DEFAULT_LIMIT, BATCH_PAGE_MAX_LIMIT, GetBatch, type BatchView } from './application/messages/get-batch.use-case.ts';
export { BATCH_LIST_MAX_LIMIT, ListBatches, type BatchList, type BatchSummary } from './application/messages/list-batches.use-case.ts';
