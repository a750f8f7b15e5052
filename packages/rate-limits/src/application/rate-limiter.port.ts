import type { RateLimitPolicy } from '../domain/rate-limit-policy.value-object.ts';

/** The answer to one request: let it through or not, and what to tell the caller (the RateLimit-* headers). */
export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Requests per second the subject's policy sustains. */
  readonly limit: number;
  /** Requests left in the current one-second window (0 while the burst allowance is being drawn on). */
  readonly remaining: number;
  /** Seconds until the current window ends (at least 1). */
  readonly resetSeconds: number;
}

/**
 * Counts requests per subject against a policy. Adapters decide where the counts live: in this
 * process, or shared by every API process on one database (within the tolerance they document).
 */
export interface RateLimiter {
  take(subject: string, policy: RateLimitPolicy): Promise<RateLimitDecision>;
}
