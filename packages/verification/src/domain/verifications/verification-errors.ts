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
  readonly retryAfter: number;
}

/** A resend after the app's `max_sends` codes were sent; `retryAfter`: seconds until the verification expires. */
export interface MaxSendsReachedError extends DomainError {
  readonly type: 'max_sends_reached';
  readonly retryAfter: number;
}

export type ResendError = VerificationNotPendingError | ResendTooSoonError | MaxSendsReachedError;

export const verificationNotPending = (id: string, status: VerificationStatus): VerificationNotPendingError => ({
  type: 'verification_not_pending',
  status,
  message: `Verification ${id} is ${status}, no longer pending`,
});

export const resendTooSoon = (retryAfter: number): ResendTooSoonError => ({
  type: 'resend_too_soon',
  retryAfter,
  message: `A new code can be sent in ${retryAfter} s`,
});

export const maxSendsReached = (maxSends: number, retryAfter: number): MaxSendsReachedError => ({
  type: 'max_sends_reached',
  retryAfter,
  message: `All ${maxSends} codes of this verification were sent: its last code works until it expires (in ${retryAfter} s); then start a new one`,
});
