/** One counter of starts and its ceiling per window. */
export interface VelocityCounter {
  readonly key: string;
  readonly limit: number;
}

export type VelocityDecision = { readonly allowed: true } | { readonly allowed: false; readonly key: string; readonly retryAfter: number };

/**
 * Counts verification starts in fixed windows shared by every API process (PostgreSQL): each
 * call counts one start on every counter, and is refused when any went over its limit.
 */
export interface VelocityLimits {
  take(counters: readonly VelocityCounter[], windowSeconds: number): Promise<VelocityDecision>;
}
