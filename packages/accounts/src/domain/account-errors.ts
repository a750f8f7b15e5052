import type { DomainError } from '@tuma/kernel';

export interface UnauthorizedError extends DomainError {
  readonly type: 'unauthorized';
}

export interface AccountSuspendedError extends DomainError {
  readonly type: 'account_suspended';
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

export const insufficientScope = (required: readonly string[]): InsufficientScopeError => ({
  type: 'insufficient_scope',
  required,
  message: `This key lacks the scope for this operation (needs one of: ${required.join(', ')})`,
});
