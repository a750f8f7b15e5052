import type { DomainError, FieldIssue } from '@tuma/kernel';
import type { ErrorDetail } from './http-error.ts';

/** An invalid number's details say where the number was, like the edge's own validation details. */
export const located =
  (where: NonNullable<ErrorDetail['in']>) =>
  <E extends DomainError>(error: E): E =>
    error.type === 'invalid_phone_number' && 'details' in error && Array.isArray(error.details)
      ? { ...error, details: error.details.map((detail: FieldIssue) => ({ ...detail, in: where })) }
      : error;
