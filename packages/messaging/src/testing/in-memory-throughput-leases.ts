import type { ThroughputLeases } from '../application/sending/throughput-leases.port.ts';

/** The shared buckets in memory, on the given clock (ms): for tests, and for one process alone. */
export class InMemoryThroughputLeases implements ThroughputLeases {
  private readonly buckets = new Map<string, { tokens: number; refilledAt: number }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  async lease(routeCode: string, wanted: number, ratePerSecond: number): Promise<{ granted: number; retryInMs: number }> {
    const at = this.now();
    const bucket = this.buckets.get(routeCode) ?? { tokens: ratePerSecond, refilledAt: at };
    const available = Math.min(ratePerSecond, bucket.tokens + ((at - bucket.refilledAt) / 1000) * ratePerSecond);
    const granted = Math.min(wanted, Math.floor(available));
    this.buckets.set(routeCode, { tokens: available - granted, refilledAt: at });
    const left = available - granted;
    return { granted, retryInMs: left >= 1 ? 0 : Math.ceil(((1 - left) / ratePerSecond) * 1000) };
  }
}
