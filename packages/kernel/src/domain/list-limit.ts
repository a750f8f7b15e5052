import { err, ok, type Result } from 'neverthrow';
import { fieldError, type ValidationError } from './domain-error.ts';

/** A page size: a whole number from 1 to `max`, reported against the `limit` field otherwise. */
export function checkLimit(limit: number, max: number): Result<number, ValidationError> {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > max) return err(fieldError('limit', `Must be a whole number from 1 to ${max}`));
  return ok(limit);
}
