import type { AccountSuspendedError, InsufficientScopeError, UnauthorizedError } from '@tuma/accounts';
import type { FxRateMissingError, TopUpError } from '@tuma/billing';
import type { DomainError, KernelError } from '@tuma/kernel';
import { HttpError } from './http-error.ts';

/** Every expected failure any use case can return. Extend this union as packages add errors. */
export type AppError = KernelError | UnauthorizedError | AccountSuspendedError | InsufficientScopeError | FxRateMissingError | TopUpError;

/** The one table from domain error to HTTP status. */
export const DOMAIN_ERROR_STATUS = {
  validation_error: 422,
  not_found: 404,
  conflict: 409,
  unauthorized: 401,
  account_suspended: 403,
  insufficient_scope: 403,
  fx_rate_missing: 400,
  payment_provider_error: 502,
  invalid_webhook: 400,
} as const satisfies Record<AppError['type'], number>;

/** Fields of an error that are not for the client (already in code/message). */
const INTERNAL_FIELDS = new Set(['type', 'message', 'details']);

export function toHttpError(error: AppError): HttpError {
  const status = DOMAIN_ERROR_STATUS[error.type];
  const details = 'details' in error ? error.details : undefined;
  const extra = Object.fromEntries(Object.entries(error).filter(([key]) => !INTERNAL_FIELDS.has(key)));
  const headers: Record<string, string> | undefined = error.type === 'unauthorized' ? { 'WWW-Authenticate': 'Bearer' } : undefined;
  return new HttpError(status, error.type, error.message, details, Object.keys(extra).length ? { ...extra } : undefined, headers);
}

/** A use-case error that the table does not know is a bug, so it surfaces as a 500. */
export function isAppError(error: DomainError): error is AppError {
  return error.type in DOMAIN_ERROR_STATUS;
}
