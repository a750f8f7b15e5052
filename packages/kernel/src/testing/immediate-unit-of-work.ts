import type { ResultAsync } from 'neverthrow';
import type { UnitOfWork } from '../application/unit-of-work.port.ts';

/**
 * For in-memory wiring: runs the work as is. In-memory repositories write through at once, so
 * there is nothing to roll back; atomicity is the database adapter's job.
 */
export class ImmediateUnitOfWork implements UnitOfWork {
  run<T, E>(work: () => ResultAsync<T, E>): ResultAsync<T, E> {
    return work();
  }
}
