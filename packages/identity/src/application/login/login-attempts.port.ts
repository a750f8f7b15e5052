/**
 * Failed logins per counter key (`email:...`, `ip:...`), shared by every API process (PostgreSQL:
 * one row per failure, an index on (key, at)). Old rows are worth nothing after the window.
 */
export interface LoginAttempts {
  recordFailure(keys: readonly string[], at: Date): Promise<void>;
  /** The times of the key's newest failures after `since`, newest first, at most `limit`. */
  recentFailures(key: string, since: Date, limit: number): Promise<Date[]>;
  /** Forgets the key's failures (a successful login clears its email's). */
  clear(key: string): Promise<void>;
}
