import type { LoginAttempts } from '../application/login/login-attempts.port.ts';

export class InMemoryLoginAttempts implements LoginAttempts {
  private readonly failures = new Map<string, Date[]>();

  async recordFailure(keys: readonly string[], at: Date): Promise<void> {
    for (const key of keys) this.failures.set(key, [...(this.failures.get(key) ?? []), at]);
  }

  async recentFailures(key: string, since: Date, limit: number): Promise<Date[]> {
    return (this.failures.get(key) ?? [])
      .filter((at) => at.getTime() > since.getTime())
      .sort((a, b) => b.getTime() - a.getTime())
      .slice(0, limit);
  }

  async clear(key: string): Promise<void> {
    this.failures.delete(key);
  }
}
