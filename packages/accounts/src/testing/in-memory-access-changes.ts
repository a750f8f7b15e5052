import { UndoableList } from '@tuma/kernel/testing';
import type { AccessChange, AccessChangeListener, AccessChanges } from '../application/access-changes.port.ts';

/**
 * One process's access changes, heard at once by its listeners (for tests and embedders without a
 * database: there is no other process to tell). `published` loses a change whose unit of work rolls
 * back, as NOTIFY does; its listeners have heard it already (the fake has no commit to wait for),
 * which costs them no more than a cache entry dropped too early.
 */
export class InMemoryAccessChanges implements AccessChanges {
  private readonly listeners = new Set<AccessChangeListener>();
  readonly published = new UndoableList<AccessChange>();

  async publish(change: AccessChange): Promise<void> {
    this.published.push(change);
    for (const listener of this.listeners) listener.changed(change);
  }

  subscribe(listener: AccessChangeListener): () => void {
    this.listeners.add(listener);
    listener.resumed();
    return () => this.listeners.delete(listener);
  }
}
