import type { FieldIssue } from '@tuma/kernel';

export type FieldLocation = 'body' | 'query' | 'path' | 'header';

export interface ErrorDetail extends FieldIssue {
  /** Where the field is: body, query, path or header (a route's answer always says; `locatedBy` fills it in). */
  readonly in?: FieldLocation;
}

/** At most this many details in an answer: a huge bad request must not produce a huger error body. */
export const MAX_ERROR_DETAILS = 100;
/** Longest path or message of one detail (messages may quote the input). */
const MAX_DETAIL_TEXT = 200;

const clip = (text: string): string => ([...text].length > MAX_DETAIL_TEXT ? `${[...text].slice(0, MAX_DETAIL_TEXT - 1).join('')}…` : text);

const boundedDetails = (details: readonly ErrorDetail[]): Record<string, unknown> => ({
  details: details.slice(0, MAX_ERROR_DETAILS).map((detail) => ({ ...detail, path: clip(detail.path), message: clip(detail.message) })),
  ...(details.length > MAX_ERROR_DETAILS ? { details_omitted: details.length - MAX_ERROR_DETAILS } : {}),
});

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

  /** This error with every detail that does not say where its field was located by `locate` (a use case's refusals name fields, not places). */
  locatedBy(locate: (path: string) => FieldLocation): HttpError {
    if (!this.details?.some((detail) => detail.in === undefined)) return this;
    const details = this.details.map((detail) => (detail.in ? detail : { ...detail, in: locate(detail.path) }));
    return new HttpError(this.status, this.code, this.message, details, this.extra, this.headers, this.topLevel);
  }

  toBody(): Record<string, unknown> {
    return {
      error: { code: this.code, message: this.message, ...(this.details ? boundedDetails(this.details) : {}), ...this.extra },
      ...this.topLevel,
    };
  }
}
