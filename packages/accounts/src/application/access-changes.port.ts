/** A change to who may call the API: a key issued or revoked, an account suspended or reactivated. */
export type AccessChange = { readonly keyId: string } | { readonly accountId: string };

/** What a process hears of access changes (`AccessChanges.subscribe`). */
export interface AccessChangeListener {
  /** A change committed by any process, this one included. */
  changed(change: AccessChange): void;
  /** From now until `resumed`, changes may go unheard (the connection that hears them is down). */
  interrupted(): void;
  /** Hearing again; what changed in between was not heard. */
  resumed(): void;
}

/**
 * Tells every process of Tuma about access changes, so that each drops what it cached of the keys
 * and accounts concerned (on PostgreSQL: LISTEN/NOTIFY). The use cases that change keys or
 * accounts publish inside their unit of work: the others hear the change once it commits, and
 * never when it rolls back.
 */
export interface AccessChanges {
  /** Inside the unit of work that makes the change. */
  publish(change: AccessChange): Promise<void>;
  /**
   * `listener` hears every committed change. Until its `resumed` is first called nothing is
   * being heard yet (a listener that caches must not trust its cache before that).
   */
  subscribe(listener: AccessChangeListener): () => void;
}
