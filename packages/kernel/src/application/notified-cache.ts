export interface NotifiedCacheOptions<V> {
  /** A safety net only: changes are heard at once. */
  readonly ttlMs: number;
  /** The oldest entries go first past this many (default: no bound). */
  readonly maxEntries?: number;
  /** Milliseconds since the epoch (default `Date.now`). */
  readonly now?: () => number;
  /** Whether a loaded value is kept (default: every value); one not kept is loaded again next time. */
  readonly keeps?: (value: V) => boolean;
}

interface Entry<V> {
  readonly value: Promise<V>;
  readonly expiresAt: number;
  /** Set once the load ended and its value is kept; until then the entry is a load under way. */
  settled?: { readonly value: V };
}

/**
 * An in-process cache of reads that the changes it is told of invalidate, the protocol every
 * cache of the project shares (the database adapter's notified caches, the API key cache):
 *
 * - `clear` (a change to anything) and `forget` (a change to some values) drop what is kept, and
 *   every load under way, so an answer read before a change never outlives it;
 * - while changes may go unheard (`interrupted` until `resumed`, and before the first `resumed`)
 *   nothing is kept, and both moments start empty;
 * - concurrent misses of one key share one load; a failed load is not kept; `ttlMs` is a safety
 *   net only.
 */
export class NotifiedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private hearing = false;
  private readonly now: () => number;

  constructor(private readonly options: NotifiedCacheOptions<V>) {
    this.now = options.now ?? Date.now;
  }

  /** Entries kept or being loaded. */
  get size(): number {
    return this.entries.size;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.fresh(key, this.now());
    if (entry) return entry.value;
    if (!this.hearing) return load();
    return this.keep(key, load());
  }

  /** Several keys: those not kept are loaded together, by one `loadMissing` of them; a key it does not answer holds undefined. */
  getMany(keys: readonly string[], loadMissing: (missing: readonly string[]) => Promise<ReadonlyMap<string, V>>): Promise<V[]> {
    const now = this.now();
    const values = new Map<string, Promise<V>>();
    for (const key of keys) {
      const entry = this.fresh(key, now);
      if (entry) values.set(key, entry.value);
    }
    const missing = [...new Set(keys.filter((key) => !values.has(key)))];
    if (missing.length > 0) {
      const loading = loadMissing(missing);
      for (const key of missing) {
        const value = loading.then((loaded) => loaded.get(key) as V);
        values.set(key, this.hearing ? this.keep(key, value) : value);
      }
    }
    return Promise.all(keys.map((key) => values.get(key)!));
  }

  /** Drops the kept values `matches` picks, and every load under way (it may have read before the change). */
  forget(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (!entry.settled || matches(entry.settled.value)) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  interrupted(): void {
    this.hearing = false;
    this.clear();
  }

  resumed(): void {
    this.hearing = true;
    this.clear();
  }

  private fresh(key: string, now: number): Entry<V> | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) this.entries.delete(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  }

  /** Keeps a loaded value; past `maxEntries`, the oldest entries go (checked as a value is kept, so one not kept never pushes another out). */
  private settle(entry: Entry<V>, value: V): void {
    entry.settled = { value };
    while (this.entries.size > (this.options.maxEntries ?? Infinity)) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Keeps a load from before it ends, so that a change meanwhile drops it; a failed one, or a value not kept, goes when it ends. */
  private keep(key: string, value: Promise<V>): Promise<V> {
    const entry: Entry<V> = { value, expiresAt: this.now() + this.options.ttlMs };
    this.entries.delete(key);
    this.entries.set(key, entry);
    const drop = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then((loaded) => {
      if (this.entries.get(key) !== entry) return;
      if (this.options.keeps && !this.options.keeps(loaded)) drop();
      else this.settle(entry, loaded);
    }, drop);
    return value;
  }
}
