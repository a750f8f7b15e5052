import { err, ok, validationError, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';

/** The most requests per second a policy may allow (a sanity bound, not a capacity claim). */
export const MAX_REQUESTS_PER_SECOND = 1_000_000;

/**
 * How fast one subject (an API key, or a client address on unauthenticated routes) may call:
 * `perSecond` sustained, and up to `burst` within one second while its burst allowance lasts.
 * The allowance is `burst - perSecond` requests, refilled every `BURST_WINDOW_SECONDS`.
 */
export class RateLimitPolicy {
  private constructor(
    readonly perSecond: number,
    readonly burst: number,
  ) {}

  static create(raw: { perSecond: number; burst?: number }): Result<RateLimitPolicy, ValidationError> {
    const burst = raw.burst ?? raw.perSecond;
    const issues: FieldIssue[] = [
      ...(!Number.isInteger(raw.perSecond) || raw.perSecond < 1 || raw.perSecond > MAX_REQUESTS_PER_SECOND
        ? [{ path: 'per_second', message: `must be an integer from 1 to ${MAX_REQUESTS_PER_SECOND}` }]
        : []),
      ...(!Number.isInteger(burst) || burst < raw.perSecond || burst > MAX_REQUESTS_PER_SECOND
        ? [{ path: 'burst', message: `must be an integer from per_second to ${MAX_REQUESTS_PER_SECOND}` }]
        : []),
    ];
    if (issues.length > 0) return err(validationError(issues));
    return ok(new RateLimitPolicy(raw.perSecond, burst));
  }

  /** A policy as stored (it passed `create` when saved). */
  static rehydrate(stored: { perSecond: number; burst: number }): RateLimitPolicy {
    return new RateLimitPolicy(stored.perSecond, stored.burst);
  }

  /** Requests a subject may make beyond `perSecond` per burst window. */
  get burstAllowance(): number {
    return this.burst - this.perSecond;
  }

  equals(other: RateLimitPolicy): boolean {
    return this.perSecond === other.perSecond && this.burst === other.burst;
  }
}

/** How often the burst allowance refills. */
export const BURST_WINDOW_SECONDS = 10;
