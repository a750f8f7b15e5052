/** The background jobs that hand messages to carriers. */
import type { IdempotencyClaim } from '@tuma/idempotency';
import { defineJob } from '@tuma/kernel';

/**
 * One message (a single send, a retry, a scheduled message), grouped by account: one account's
 * backlog holds at most half the workers' slots, so another account's message (an OTP) is fetched
 * next, not after the backlog (docs/message-statuses.md, "Dispatch").
 */
export const SUBMIT_MESSAGE_JOB = defineJob<{ messageId: string; attempt: number }>({
  name: 'messaging.submit-message',
  retryLimit: 10,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
  concurrency: 4,
  batchSize: 32,
  perGroupConcurrency: 64,
});

/**
 * First attempts of single sends one account made at the same moment (one group commit), at most
 * SUBMIT_MESSAGES_MAX a job: one job row for them rather than one each. Grouped by account like
 * SUBMIT_MESSAGE_JOB, with the same share of the workers' messages (perGroupConcurrency jobs of at
 * most SUBMIT_MESSAGES_MAX each); retries and scheduled sends keep a job per message.
 */
export const SUBMIT_MESSAGES_JOB = defineJob<{ messageIds: string[] }>({
  name: 'messaging.submit-messages',
  retryLimit: 10,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
  concurrency: 4,
  batchSize: 2,
  perGroupConcurrency: 4,
});

/** Most messages in one SUBMIT_MESSAGES_JOB. */
export const SUBMIT_MESSAGES_MAX = 32;

/** The Idempotency-Key claim of a guarded message's request: freed if the guard fails the message. */
export interface GuardedClaim {
  readonly messageId: string;
  readonly claim: IdempotencyClaim;
}

/**
 * An UNSENT_MESSAGE_GUARD_JOB's payload: the messages of one commit and the claims of their
 * requests' keys (jobs enqueued before the guard was shared name one message; before claims, none).
 */
export type UnsentGuard = { messageIds: string[]; claims?: GuardedClaim[] } | { messageId: string };

/**
 * The guard of the messages their senders submit themselves at once (OTPs, whose clear text only
 * those senders hold), one job for the messages of one commit: if a sender died before its
 * submission was recorded, its message is failed and refunded rather than sent with the masked text
 * we keep, and its request's key is freed so that a retry starts again (docs/verify.md, "Sending").
 */
export const UNSENT_MESSAGE_GUARD_JOB = defineJob<UnsentGuard>({
  name: 'messaging.unsent-message-guard',
  retryLimit: 10,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
});

/** The messages an UNSENT_MESSAGE_GUARD_JOB guards. */
export const guardedMessages = (payload: UnsentGuard): string[] => ('messageIds' in payload ? payload.messageIds : [payload.messageId]);

/** The key claims an UNSENT_MESSAGE_GUARD_JOB frees with the messages it fails. */
export const guardedClaims = (payload: UnsentGuard): readonly GuardedClaim[] => ('claims' in payload ? (payload.claims ?? []) : []);

/**
 * How long a sender's own submission may wait for its carrier's answer before it counts as refused
 * (`network_timeout`, no retry: an OTP that comes later than this is of no use to its reader).
 */
export const OWN_SUBMISSION_DEADLINE_MS = 15_000;

/**
 * How long after its commit a message submitted by its sender is looked at by its guard: longer
 * than its submission may take (OWN_SUBMISSION_DEADLINE_MS) with its record, so that a code whose
 * sender died is failed and refunded within 30 s of its start (the job's polling included).
 */
export const UNSENT_GUARD_DELAY_MS = 20_000;

/** Members `fromSeq`..`toSeq` of a bulk send. */
export const DISPATCH_BATCH_JOB = defineJob<{ batchId: string; fromSeq: number; toSeq: number }>({
  name: 'messaging.dispatch-batch',
  retryLimit: 10,
  retryDelaySeconds: 5,
  expireInSeconds: 300,
  concurrency: 4,
});

/** The recurring per-network fee of an approved sender ID for one country, period `period` (2 = the second month). */
export const SENDER_ID_RECURRING_FEE_JOB = defineJob<{ senderIdId: number; countryCode: string; period: number }>({
  name: 'messaging.sender-id-recurring-fee',
  retryLimit: 10,
  retryDelaySeconds: 60,
  expireInSeconds: 120,
});

/** One minute's worth of a drip (`perMinute` members from `fromSeq`); it enqueues the next minute's. */
export interface DripStep {
  readonly batchId: string;
  /** The batch's account (absent from steps enqueued before holds existed: never held). */
  readonly accountId?: string;
  readonly fromSeq: number;
  readonly perMinute: number;
  readonly total: number;
  /** ISO 8601: when this step was due. */
  readonly dueAt: string;
}

export const DRIP_BATCH_JOB = defineJob<DripStep>({
  name: 'messaging.drip-batch',
  retryLimit: 10,
  retryDelaySeconds: 5,
  expireInSeconds: 300,
});
