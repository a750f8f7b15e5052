/**
 * Expected failures travel as Result errors: plain objects with a `type` discriminator and a
 * human-readable message. They carry no HTTP knowledge; the HTTP adapter maps `type` to a status.
 * Bugs and infrastructure faults are thrown instead.
 */
export interface DomainError {
  readonly type: string;
  readonly message: string;
}

export interface FieldIssue {
  /** Dotted path of the offending field, e.g. `recipients.3.to`. */
  readonly path: string;
  readonly message: string;
}

/** Input that passed the schema at the edge but breaks a domain rule; names the fields. */
export interface ValidationError extends DomainError {
  readonly type: 'validation_error';
  readonly details: readonly FieldIssue[];
}

export interface NotFoundError extends DomainError {
  readonly type: 'not_found';
  readonly resource: string;
  readonly id: string;
}

export interface ConflictError extends DomainError {
  readonly type: 'conflict';
  readonly resource: string;
}

export const validationError = (details: readonly FieldIssue[], message = 'Request validation failed'): ValidationError => ({
  type: 'validation_error',
  message,
  details,
});

export const fieldError = (path: string, message: string): ValidationError =>
  validationError([{ path, message }], message);

export const notFound = (resource: string, id: string): NotFoundError => ({
  type: 'not_found',
  resource,
  id,
  message: `${resource} ${id} not found`,
});

export const conflict = (resource: string, message: string): ConflictError => ({ type: 'conflict', resource, message });

export type KernelError = ValidationError | NotFoundError | ConflictError;
