import type { AccessChange, AccessChangeListener, AccessChanges } from '../application/access-changes.port.ts';

/**
 * One process's access changes, heard at once by its listeners (for tests and embedders without a
 * database: there is no other process to tell, and no transaction to wait for).
 */
export class InMemoryAccessChanges implements AccessChanges {
  private readonly listeners = new Set<AccessChangeListener>();
  readonly published: AccessChange[] = [];

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
