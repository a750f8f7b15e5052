import type { DomainError } from '@tuma/kernel';

/** Validation details of a body field say so, like those of the edge's own schema checks. */
export const inBody = <E extends DomainError>(error: E): E =>
  error.type === 'validation_error' && 'details' in error && Array.isArray(error.details)
    ? { ...error, details: error.details.map((detail: object) => ({ ...detail, in: 'body' })) }
    : error;
