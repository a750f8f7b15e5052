import type { TopicHandlers } from './database-notifications.ts';

interface Entry<V> {
  readonly value: Promise<V>;
  readonly expiresAt: number;
}

/**
 * An in-process cache of reads, emptied whenever its topic is notified (by any process) and
 * bypassed while notifications may go unheard. Concurrent misses of one key share one load; a
 * load that began before the cache was emptied is not kept. `ttlMs` is a safety net only.
 */
export class NotifiedCache<V> implements TopicHandlers {
  private readonly entries = new Map<string, Entry<V>>();
  private hearing = false;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.fresh(key, this.now());
    if (entry) return entry.value;
    if (!this.hearing) return load();
    return this.keep(key, load());
  }

  /** Several keys: those not kept are loaded together, by one `loadMissing` of them; a key it does not answer holds undefined. */
  getMany(keys: readonly string[], loadMissing: (missing: readonly string[]) => Promise<ReadonlyMap<string, V>>): Promise<V[]> {
    const now = this.now();
    const missing = [...new Set(keys.filter((key) => !this.fresh(key, now)))];
    if (missing.length > 0) {
      const loading = loadMissing(missing);
      if (!this.hearing) return loading.then((loaded) => keys.map((key) => loaded.get(key) as V));
      for (const key of missing) this.keep(key, loading.then((loaded) => loaded.get(key) as V));
    }
    return Promise.all(keys.map((key) => this.entries.get(key)!.value));
  }

  private fresh(key: string, now: number): Entry<V> | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  }

  /** Keeps a load from before it ends, so that emptying the cache meanwhile drops it; a failed one is not kept. */
  private keep(key: string, value: Promise<V>): Promise<V> {
    const stored = { value, expiresAt: this.now() + this.ttlMs };
    this.entries.set(key, stored);
    value.catch(() => {
      if (this.entries.get(key) === stored) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  notified(): void {
    this.clear();
  }

  interrupted(): void {
    this.hearing = false;
    this.clear();
  }

  resumed(): void {
    this.hearing = true;
    this.clear();
  }
}
