import { onRollback } from './undo-log.ts';

/**
 * An array for an in-memory fake's appended rows (an outbox, a log, a queue) whose additions a
 * failing unit of work takes out again (`ImmediateUnitOfWork`). Only what `push` and `unshift`
 * added is taken out, by identity (so another unit of work's rows stay, wherever they moved): the
 * rows must be replaced, not changed in place, and removals (`splice`) are final.
 */
export class UndoableList<T> extends Array<T> {
  /** What `map`, `filter` and `slice` answer: a plain array, not another list. */
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  override push(...items: T[]): number {
    onRollback(() => {
      for (const item of items) this.remove(this.lastIndexOf(item));
    });
    return super.push(...items);
  }

  override unshift(...items: T[]): number {
    onRollback(() => {
      for (const item of items) this.remove(this.indexOf(item));
    });
    return super.unshift(...items);
  }

  private remove(index: number): void {
    if (index !== -1) this.splice(index, 1);
  }
}
