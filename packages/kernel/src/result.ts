/** The Result vocabulary used across Tuma: neverthrow, re-exported so packages agree on one copy. */
export { err, errAsync, fromPromise, fromSafePromise, ok, okAsync, Result, ResultAsync, safeTry } from 'neverthrow';
export type { Err, Ok } from 'neverthrow';
