import type { DomainError } from '@tuma/kernel';
import type { VerificationStatus } from './verification-status.ts';

/** A resend or cancel of a verification that is no longer pending. */
export interface VerificationNotPendingError extends DomainError {
  readonly type: 'verification_not_pending';
  readonly status: VerificationStatus;
}

/** A resend inside the app's cooldown. */
export interface ResendTooSoonError extends DomainError {
  readonly type: 'resend_too_soon';
  readonly retryAfterSeconds: number;
}

/** A resend after the app's `max_sends` codes were sent. */
export interface MaxSendsReachedError extends DomainError {
  readonly type: 'max_sends_reached';
}

export type ResendError = VerificationNotPendingError | ResendTooSoonError | MaxSendsReachedError;

export const verificationNotPending = (id: string, status: VerificationStatus): VerificationNotPendingError => ({
  type: 'verification_not_pending',
  status,
  message: `Verification ${id} is ${status}, no longer pending`,
});

export const resendTooSoon = (retryAfterSeconds: number): ResendTooSoonError => ({
  type: 'resend_too_soon',
  retryAfterSeconds,
  message: `A new code can be sent in ${retryAfterSeconds} s`,
});

export const maxSendsReached = (maxSends: number): MaxSendsReachedError => ({
  type: 'max_sends_reached',
  message: `All ${maxSends} codes of this verification were sent; start a new one`,
});
