import { AsyncLocalStorage } from 'node:async_hooks';

/** How to put back one write, logged while a unit of work of `ImmediateUnitOfWork` is under way. */
export type Undo = () => void;

/** The undo log of the unit of work (or savepoint) each piece of async work runs in. */
const current = new AsyncLocalStorage<Undo[]>();

/**
 * For an in-memory fake, as it writes: `undo` puts back what the write changed if the unit of work
 * it runs in rolls back. Outside a unit of work nothing is logged (the write is final at once).
 */
export function onRollback(undo: Undo): void {
  current.getStore()?.push(undo);
}

/** The log of the unit of work under way here, if any. */
export const undoLogHere = (): Undo[] | undefined => current.getStore();

/** Runs `work` with writes logged to `log` (the async work it starts included). */
export const withUndoLog = <T>(log: Undo[], work: () => T): T => current.run(log, work);
