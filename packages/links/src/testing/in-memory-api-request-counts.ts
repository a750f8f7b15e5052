import { UndoableMap } from '@tuma/kernel/testing';
import type { ApiRequestCounts } from '../application/usage/api-request-counts.port.ts';

/** API request counts in a map by month and account; `writes` counts the flushes that reached it. */
export class InMemoryApiRequestCounts implements ApiRequestCounts {
  private readonly counts = new UndoableMap<string, number>();
  writes = 0;

  async add(month: string, increments: ReadonlyMap<string, number>): Promise<ReadonlyMap<string, number>> {
    this.writes++;
    const totals = new Map<string, number>();
    for (const [accountId, n] of increments) {
      const key = `${month}/${accountId}`;
      const total = (this.counts.get(key) ?? 0) + n;
      this.counts.set(key, total);
      totals.set(accountId, total);
    }
    return totals;
  }

  async countOf(month: string, accountId: string): Promise<number> {
    return this.counts.get(`${month}/${accountId}`) ?? 0;
  }
}
