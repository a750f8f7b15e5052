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

/** How many issues a message names; the details carry them all. */
const SUMMARY_ISSUES = 5;

/** `path: message; path: message` (an issue without a path is its message alone), `; and N more` past the first five. */
function summaryOf(details: readonly FieldIssue[]): string {
  const named = details.slice(0, SUMMARY_ISSUES).map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message));
  const more = details.length - named.length;
  return more > 0 ? `${named.join('; ')}; and ${more} more` : named.join('; ');
}

/** A validation error whose message lists its issues, after `context` when one is given (`The header row cannot be used: ...`). */
export const validationError = (details: readonly FieldIssue[], context?: string): ValidationError => ({
  type: 'validation_error',
  message: context ? `${context}: ${summaryOf(details)}` : summaryOf(details),
  details,
});

/** One field's issue; the message is the issue's own, as a client shows it beside the field. */
export const fieldError = (path: string, message: string): ValidationError => ({ type: 'validation_error', message, details: [{ path, message }] });

export const notFound = (resource: string, id: string): NotFoundError => ({
  type: 'not_found',
  resource,
  id,
  message: `${resource} ${id} not found`,
});

export const conflict = (resource: string, message: string): ConflictError => ({ type: 'conflict', resource, message });

export type KernelError = ValidationError | NotFoundError | ConflictError;
