/**
 * A fleet-wide token bucket per route, shared by every worker process: one second's worth of
 * submissions at most, refilled at the route's rate, on one clock (the store's).
 */
export interface ThroughputLeases {
  /**
   * Takes up to `wanted` tokens of the route's bucket (capacity and refill: `ratePerSecond`).
   * Answers how many were granted (0 when the bucket has less than one), and how long until one
   * more will be there.
   */
  lease(routeCode: string, wanted: number, ratePerSecond: number): Promise<{ readonly granted: number; readonly retryInMs: number }>;
}
