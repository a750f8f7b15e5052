import { ResultAsync } from 'neverthrow';
import type { UnitOfWork } from './unit-of-work.port.ts';

/** Runs work without expected failures in a unit of work: its value, or its throw after the rollback. */
export async function transact<T>(unitOfWork: UnitOfWork, work: () => Promise<T>): Promise<T> {
  return (await unitOfWork.run(() => ResultAsync.fromSafePromise(work()))).match(
    (value) => value,
    (never) => never,
  );
}
