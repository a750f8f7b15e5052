import { errAsync, ResultAsync } from 'neverthrow';
import type { UnitOfWork, UnitOfWorkOptions } from '../application/unit-of-work.port.ts';
import { undoLogHere, withUndoLog, type Undo } from './undo-log.ts';

/**
 * For in-memory wiring: runs the work at once, and rolls back as the database does. The in-memory
 * fakes write through at once and log how to undo each write (`onRollback`, an `UndoableMap` or
 * an `UndoableList`) to the unit of work their code runs in, found through async context (so
 * concurrent units of work never undo each other's writes). When the work answers Err or throws,
 * its log is undone, newest write first; when it answers Ok, a nested unit of work (a savepoint)
 * hands its log to the caller's, so the caller's rollback undoes it too. `savepoint: false` joins
 * the caller's log.
 *
 * What it does not give: isolation. Other work sees the writes before the commit, as it would
 * under READ UNCOMMITTED; id counters are not put back (as database sequences are not).
 */
export class ImmediateUnitOfWork implements UnitOfWork {
  run<T, E>(work: () => ResultAsync<T, E>, options?: UnitOfWorkOptions): ResultAsync<T, E> {
    const caller = undoLogHere();
    if (caller && options?.savepoint === false) return work();
    const log: Undo[] = [];
    const rollBack = () => {
      for (const undo of log.reverse()) undo();
    };
    return new ResultAsync(
      (async () => {
        try {
          const result = await withUndoLog(log, work);
          if (result.isErr()) rollBack();
          else caller?.push(...log);
          return result;
        } catch (error) {
          rollBack();
          throw error;
        }
      })(),
    );
  }
}

/** For tests of the fakes: runs `writes` in a unit of work that then fails, as a use case refused after writing does. */
export async function rolledBack(writes: () => Promise<unknown>): Promise<void> {
  await new ImmediateUnitOfWork().run(() => ResultAsync.fromSafePromise(writes()).andThen(() => errAsync('refused')));
}
