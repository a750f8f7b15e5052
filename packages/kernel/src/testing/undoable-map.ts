import { onRollback } from './undo-log.ts';

/**
 * A `Map` for an in-memory fake's rows whose writes a failing unit of work undoes
 * (`ImmediateUnitOfWork`). The values must be replaced, not changed in place (snapshots are): only
 * what `set`, `delete` and `clear` did is put back. A key put back after a delete goes last in
 * iteration order.
 */
export class UndoableMap<K, V> extends Map<K, V> {
  override set(key: K, value: V): this {
    if (this.has(key)) {
      const before = this.get(key) as V;
      onRollback(() => void Map.prototype.set.call(this, key, before));
    } else onRollback(() => void Map.prototype.delete.call(this, key));
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    if (this.has(key)) {
      const before = this.get(key) as V;
      onRollback(() => void Map.prototype.set.call(this, key, before));
    }
    return super.delete(key);
  }

  override clear(): void {
    const before = [...this.entries()];
    onRollback(() => {
      Map.prototype.clear.call(this);
      for (const [key, value] of before) Map.prototype.set.call(this, key, value);
    });
    super.clear();
  }
}
