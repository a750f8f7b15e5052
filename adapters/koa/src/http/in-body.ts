import type { DomainError } from '@tuma/kernel';
import type { ErrorDetail } from './http-error.ts';

/** Validation details of a use case say where their fields were, like those of the edge's own schema checks. */
const locatedIn =
  (where: NonNullable<ErrorDetail['in']>) =>
  <E extends DomainError>(error: E): E =>
    error.type === 'validation_error' && 'details' in error && Array.isArray(error.details)
      ? { ...error, details: error.details.map((detail: object) => ({ ...detail, in: where })) }
      : error;

export const inBody = locatedIn('body');
export const inQuery = locatedIn('query');
