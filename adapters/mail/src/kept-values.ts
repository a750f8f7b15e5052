/**
 * Values computed once per key, at most `limit` of them kept (all dropped when it is reached: the
 * keys are few, one per sending domain of the process's recent mail, so this is a bound, not an
 * eviction policy).
 */
export class KeptValues<V> {
  private readonly values = new Map<string, V>();

  constructor(private readonly limit: number) {}

  get(key: string, compute: () => V): V {
    const kept = this.values.get(key);
    if (kept !== undefined) return kept;
    const value = compute();
    if (this.values.size >= this.limit) this.values.clear();
    this.values.set(key, value);
    return value;
  }
}
