/** One counter of starts and its ceiling per window. */
export interface VelocityCounter {
  readonly key: string;
  readonly limit: number;
}

export type VelocityDecision = { readonly allowed: true } | { readonly allowed: false; readonly key: string; readonly retryAfter: number };

/**
 * Counts verification starts in fixed windows shared by every API process (PostgreSQL). Starts
 * are taken together (those that arrive at the same moment): each counts one on every counter of
 * its own, as if they were taken one after another in the order given, and is refused when any
 * went over its limit; one decision per start, in order.
 */
export interface VelocityLimits {
  take(starts: readonly (readonly VelocityCounter[])[], windowSeconds: number): Promise<VelocityDecision[]>;
}

/** A counter after a batch of starts: its count with the batch's, and the seconds left in its window. */
export interface CountedWindow {
  readonly count: number;
  readonly retryAfter: number;
}

/** How many of a batch's starts count on each counter. */
export function startsPerCounter(starts: readonly (readonly VelocityCounter[])[]): Map<string, number> {
  const perCounter = new Map<string, number>();
  for (const counters of starts) for (const { key } of counters) perCounter.set(key, (perCounter.get(key) ?? 0) + 1);
  return perCounter;
}

/**
 * The decision of each start of a batch, one after another, from each counter's count once the
 * whole batch is counted: the k-th of the batch's `n` starts on a counter saw `count - n + k`.
 */
export function decisionsInOrder(starts: readonly (readonly VelocityCounter[])[], counted: ReadonlyMap<string, CountedWindow>): VelocityDecision[] {
  const inBatch = startsPerCounter(starts);
  const seen = new Map<string, number>();
  return starts.map((counters) => {
    let decision: VelocityDecision = { allowed: true };
    for (const { key, limit } of counters) {
      const window = counted.get(key);
      if (!window) throw new Error(`No count for the velocity counter ${key}`);
      const position = (seen.get(key) ?? 0) + 1;
      seen.set(key, position);
      if (decision.allowed && window.count - inBatch.get(key)! + position > limit) decision = { allowed: false, key, retryAfter: window.retryAfter };
    }
    return decision;
  });
}
