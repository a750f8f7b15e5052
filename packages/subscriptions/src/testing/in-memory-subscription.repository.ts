import type { SubscriptionRepository } from '../application/subscriptions/subscription.repository.port.ts';
import type { Product } from '../domain/plans/products.ts';
import type { SubscriptionSnapshot } from '../domain/subscriptions/subscription.aggregate.ts';
import { UndoableMap } from '@tuma/kernel/testing';

const newestFirst = (a: SubscriptionSnapshot, b: SubscriptionSnapshot) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);

/** Subscriptions in a map: for unit tests and in-memory wiring (no locks: one caller at a time). */
export class InMemorySubscriptionRepository implements SubscriptionRepository {
  private readonly rows = new UndoableMap<string, SubscriptionSnapshot>();

  async add(subscription: SubscriptionSnapshot): Promise<boolean> {
    if (this.rows.has(subscription.id)) throw new Error(`Subscription ${subscription.id} exists`);
    if (subscription.status === 'active' && (await this.findActive(subscription.accountId, subscription.product))) return false;
    this.rows.set(subscription.id, subscription);
    return true;
  }

  async save(subscription: SubscriptionSnapshot): Promise<void> {
    if (!this.rows.has(subscription.id)) throw new Error(`Subscription ${subscription.id} was never added`);
    this.rows.set(subscription.id, subscription);
  }

  async findActive(accountId: string, product: Product): Promise<SubscriptionSnapshot | undefined> {
    return [...this.rows.values()].find((s) => s.accountId === accountId && s.product === product && s.status === 'active');
  }

  async list(accountId: string): Promise<readonly SubscriptionSnapshot[]> {
    return [...this.rows.values()].filter((s) => s.accountId === accountId).sort(newestFirst);
  }

  async lock(id: string): Promise<SubscriptionSnapshot | undefined> {
    return this.rows.get(id);
  }

  async dueIds(now: Date, after: string | null, limit: number): Promise<readonly string[]> {
    return [...this.rows.values()]
      .filter((s) => s.status === 'active' && s.currentPeriodEnd.getTime() <= now.getTime() && (after === null || s.id > after))
      .map((s) => s.id)
      .sort()
      .slice(0, limit);
  }
}
