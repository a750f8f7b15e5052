import type { DomainError } from '@tuma/kernel';

export interface UnauthorizedError extends DomainError {
  readonly type: 'unauthorized';
}

export interface AccountSuspendedError extends DomainError {
  readonly type: 'account_suspended';
}

/** Live traffic (live keys, and issuing them) waits for the account's email to be verified. */
export interface EmailNotVerifiedError extends DomainError {
  readonly type: 'email_not_verified';
}

export interface InsufficientScopeError extends DomainError {
  readonly type: 'insufficient_scope';
  readonly required: readonly string[];
}

export const unauthorized = (message = 'Missing or invalid API key'): UnauthorizedError => ({ type: 'unauthorized', message });

export const accountSuspended = (): AccountSuspendedError => ({
  type: 'account_suspended',
  message: 'This account is suspended',
});

export const emailNotVerified = (): EmailNotVerifiedError => ({
  type: 'email_not_verified',
  message: 'Verify the account email address first (the link was mailed at registration; it can be sent again): live keys wait for it, test keys work meanwhile',
});

export const insufficientScope = (required: readonly string[]): InsufficientScopeError => ({
  type: 'insufficient_scope',
  required,
  message: `This key lacks the scope for this operation (needs one of: ${required.join(', ')})`,
});
