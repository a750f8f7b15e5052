import { ResultAsync, type Result } from 'neverthrow';
import type { UnitOfWork, UnitOfWorkOptions } from './unit-of-work.port.ts';

/**
 * `work` as one unit of work, answered as a Result: its writes and jobs commit together when it
 * returns Ok, and none of them does when it returns Err or throws. Use cases write their steps as
 * plain awaits and return `ok(...)` or `err(...)`.
 */
export function atomically<T, E>(unitOfWork: UnitOfWork, work: () => Promise<Result<T, E>>, options?: UnitOfWorkOptions): ResultAsync<T, E> {
  return unitOfWork.run(() => new ResultAsync(work()), options);
}
