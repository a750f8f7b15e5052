/**
 * Failed guesses per counter key, shared by every process (PostgreSQL: one row per key and failure,
 * an index on (key, at)); kept `FAILURE_RETENTION_MS`, worth nothing after.
 */
export interface FailureLog {
  /** Each key's failures after `since`, newest first, at most `limit` per key: one list per key, in order. */
  recent(keys: readonly string[], since: Date, limit: number): Promise<Date[][]>;
  /** One failure at `at` under each key; those past the retention go at the same time. */
  record(keys: readonly string[], at: Date): Promise<void>;
  /** Takes back the failure recorded at `at` under each key (one each): a guess that proved right, or that was never checked. */
  forget(keys: readonly string[], at: Date): Promise<void>;
  /** Every failure of the key. */
  clear(key: string): Promise<void>;
}
