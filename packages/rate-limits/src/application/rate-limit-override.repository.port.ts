import type { RateLimitPolicy } from '../domain/rate-limit-policy.value-object.ts';

/** The operator's per-account rate limits (accounts without one get the default). */
export interface RateLimitOverrideRepository {
  find(accountId: string): Promise<RateLimitPolicy | undefined>;
  /** Every override, read in one go (they are few: a handful of accounts). */
  all(): Promise<ReadonlyMap<string, RateLimitPolicy>>;
  /** Sets the account's override, or removes it (`undefined`: back to the default). */
  save(accountId: string, policy: RateLimitPolicy | undefined, at: Date): Promise<void>;
}
