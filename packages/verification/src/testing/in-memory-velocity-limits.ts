import type { Clock } from '@tuma/kernel';
import type { VelocityCounter, VelocityDecision, VelocityLimits } from '../application/verifications/velocity-limits.port.ts';
import { UndoableMap } from '@tuma/kernel/testing';

/** Fixed-window counters in a map, on the given clock: for unit tests and in-memory wiring. */
export class InMemoryVelocityLimits implements VelocityLimits {
  private readonly counts = new UndoableMap<string, number>();

  constructor(private readonly clock: Clock) {}

  async take(starts: readonly (readonly VelocityCounter[])[], windowSeconds: number): Promise<VelocityDecision[]> {
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    const window = Math.floor(nowSeconds / windowSeconds);
    return starts.map((counters) => {
      let refused: VelocityDecision = { allowed: true };
      for (const { key, limit } of counters) {
        const slot = `${key}@${window}`;
        const count = (this.counts.get(slot) ?? 0) + 1;
        this.counts.set(slot, count);
        if (count > limit && refused.allowed) refused = { allowed: false, key, retryAfter: (window + 1) * windowSeconds - nowSeconds };
      }
      return refused;
    });
  }
}
