import type { ResultAsync } from 'neverthrow';

/**
 * Runs work atomically: every repository write and every job enqueued inside `work` commits
 * together, or - when `work` yields an Err or throws - none of them does.
 */
export interface UnitOfWork {
  run<T, E>(work: () => ResultAsync<T, E>, options?: UnitOfWorkOptions): ResultAsync<T, E>;
}

export interface UnitOfWorkOptions {
  /**
   * Inside a caller's unit of work, whether this one is a savepoint of its own (default true), so
   * that its Err undoes its writes and not the caller's. `false` joins the caller's without one: a
   * database round trip less each way, for work that never yields an Err (a throw still undoes
   * everything).
   */
  readonly savepoint?: boolean;
}
