import type { FieldIssue } from '@tuma/kernel';

export interface ErrorDetail extends FieldIssue {
  /** Where the field is: body, query, path or header. */
  readonly in?: 'body' | 'query' | 'path' | 'header';
}

/** An error the HTTP layer answers with as is: status, machine code, message and optional details. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: readonly ErrorDetail[],
    /** Extra machine-readable fields of the error (e.g. 402 required/available), inside `error`. */
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
    /** Fields repeated beside `error`, where the contract says the body itself carries them. */
    readonly topLevel?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): Record<string, unknown> {
    return {
      error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}), ...this.extra },
      ...this.topLevel,
    };
  }
}
