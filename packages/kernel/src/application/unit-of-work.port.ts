import type { ResultAsync } from 'neverthrow';

/**
 * Runs work atomically: every repository write and every job enqueued inside `work` commits
 * together, or - when `work` yields an Err or throws - none of them does.
 */
export interface UnitOfWork {
  run<T, E>(work: () => ResultAsync<T, E>): ResultAsync<T, E>;
}
