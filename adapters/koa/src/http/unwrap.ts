import type { Result } from '@tuma/kernel';
import { isAppError, toHttpError, type AppError } from './domain-error-status.ts';

/** A use case's value, or its expected failure thrown as the matching HTTP error. */
export function unwrap<T, E extends { type: string; message: string }>(result: Result<T, E>): T {
  if (result.isOk()) return result.value;
  const error = result.error;
  if (isAppError(error)) throw toHttpError(error as AppError);
  throw new Error(`Domain error without an HTTP status: ${error.type}`);
}
