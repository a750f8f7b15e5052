import { err, ok, type Result } from 'neverthrow';
import { fieldError, type ValidationError } from './domain-error.ts';

/** A page size: a whole number from 1 to `max`, reported against the `limit` field otherwise. */
export function checkLimit(limit: number, max: number): Result<number, ValidationError> {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > max) return err(fieldError('limit', `Must be a whole number from 1 to ${max}`));
  return ok(limit);
}

/** A 0-based page number and a page size of 1 to `maxLimit`, each reported against its own field. */
export function checkListPage(page: number, limit: number, maxLimit: number): Result<{ page: number; limit: number }, ValidationError> {
  if (!Number.isSafeInteger(page) || page < 0) return err(fieldError('page', 'Must be a whole number from 0'));
  return checkLimit(limit, maxLimit).map((checked) => ({ page, limit: checked }));
}
