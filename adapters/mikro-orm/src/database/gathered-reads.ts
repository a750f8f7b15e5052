import { GroupCommit } from '@tuma/kernel';
import type { Database } from './database.ts';

/** Keys read in one statement, at most. */
const GATHERED_MAX = 256;

/**
 * Reads by key that callers outside any transaction make at the same moment (an event-loop turn,
 * or while the previous statement runs) answered by one statement, in a database context of its
 * own: a wallet's balance, a message by id, which dashboards and SDKs poll. On this kind of host a
 * statement's round trip is mostly its two socket calls, so 32 reads in one cost about what one
 * does (docs/performance.md, "Keys, health and quotes"). Each statement is sent after its callers
 * asked, so each sees every write committed before it asked; a read inside a unit of work goes
 * alone, on the transaction's connection, as it must see the transaction's own writes.
 */
export class GatheredReads<V> {
  private readonly batches: GroupCommit<string, V | undefined>;

  constructor(
    private readonly database: Database,
    /** The values found of `keys` (distinct), by key. */
    readMany: (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>,
  ) {
    this.batches = new GroupCommit(
      async (keys) => {
        const found = await readMany([...new Set(keys)]);
        return keys.map((key) => found.get(key));
      },
      { maxBatch: GATHERED_MAX, around: (work) => database.withContext(work) },
    );
  }

  /** `key`'s value, gathered with the moment's other reads; `alone` inside a unit of work. */
  read(key: string, alone: () => Promise<V | undefined>): Promise<V | undefined> {
    return this.database.em.isInTransaction() ? alone() : this.batches.submit(key);
  }
}
