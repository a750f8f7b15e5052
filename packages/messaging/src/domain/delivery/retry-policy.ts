/**
 * What to do after a carrier refused a submission: try again later (retryable code and retries
 * left) or fail the message. docs/message-statuses.md, "Retries".
 */
import { isRetryableError, type DeliveryErrorCode } from './delivery-error-codes.ts';
import type { DeliveryEvent } from './delivery-event.ts';
import type { DeliveryState } from './delivery-state.ts';

export interface RetryPolicy {
  /** Attempts after the first; 0 never retries. */
  readonly maxRetries: number;
  /** Wait before retry n (1-based) is `delaysMs[n - 1]`; retries past the list wait its last entry. */
  readonly delaysMs: readonly number[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({ maxRetries: 3, delaysMs: Object.freeze([30_000, 120_000, 600_000]) });

/** The first refusal is final: for a message whose sender waits for the carrier's answer (an OTP). */
export const NO_RETRIES: RetryPolicy = Object.freeze({ maxRetries: 0, delaysMs: Object.freeze([]) });

export interface SubmissionRefusal {
  readonly errorCode: DeliveryErrorCode;
  /** The gateway's judgement; a code that is not retryable in our catalogue is never retried. */
  readonly retryable: boolean;
}

export type RetryDecision =
  | { readonly retry: true; readonly delayMs: number; readonly event: DeliveryEvent }
  | { readonly retry: false; readonly event: DeliveryEvent };

/** Decides for a `sent` message whose submission attempt was refused. */
export function decideAfterRefusal(state: DeliveryState, refusal: SubmissionRefusal, at: Date, policy: RetryPolicy = DEFAULT_RETRY_POLICY): RetryDecision {
  const retryable = refusal.retryable && isRetryableError(refusal.errorCode);
  if (!retryable || state.retryCount >= policy.maxRetries) {
    return { retry: false, event: { type: 'failed', errorCode: refusal.errorCode, at } };
  }
  return { retry: true, delayMs: retryDelayMs(state.retryCount + 1, policy), event: { type: 'retry_scheduled', errorCode: refusal.errorCode, at } };
}

/** The wait before retry `attempt` (1-based). */
export function retryDelayMs(attempt: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number {
  const { delaysMs } = policy;
  if (delaysMs.length === 0) return 0;
  return delaysMs[Math.min(attempt, delaysMs.length) - 1] ?? 0;
}
