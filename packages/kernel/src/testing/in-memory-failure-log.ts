import type { FailureLog } from '../application/failure-log.port.ts';

export class InMemoryFailureLog implements FailureLog {
  private readonly failures = new Map<string, Date[]>();

  async recent(keys: readonly string[], since: Date, limit: number): Promise<Date[][]> {
    return keys.map((key) =>
      (this.failures.get(key) ?? [])
        .filter((at) => at.getTime() > since.getTime())
        .sort((a, b) => b.getTime() - a.getTime())
        .slice(0, limit),
    );
  }

  async record(keys: readonly string[], at: Date): Promise<void> {
    for (const key of keys) this.failures.set(key, [...(this.failures.get(key) ?? []), at]);
  }

  async forget(keys: readonly string[], at: Date): Promise<void> {
    for (const key of keys) {
      const times = this.failures.get(key) ?? [];
      const index = times.findIndex((time) => time.getTime() === at.getTime());
      if (index >= 0) times.splice(index, 1);
    }
  }

  async clear(key: string): Promise<void> {
    this.failures.delete(key);
  }
}
