import type { Product } from '../../domain/plans/products.ts';
import type { SubscriptionSnapshot } from '../../domain/subscriptions/subscription.aggregate.ts';

export interface SubscriptionRepository {
  /**
   * Stores a new subscription; false, writing nothing, when the account has an active one of the
   * product already (one at a time per product: concurrent subscribes get one true).
   */
  add(subscription: SubscriptionSnapshot): Promise<boolean>;
  save(subscription: SubscriptionSnapshot): Promise<void>;
  /** The account's active subscription of the product. */
  findActive(accountId: string, product: Product): Promise<SubscriptionSnapshot | undefined>;
  /** Every subscription of the account, ended ones too, newest first. */
  list(accountId: string): Promise<readonly SubscriptionSnapshot[]>;
  /** Inside a unit of work: the row stays locked until it ends, so changes and renewals of one subscription take turns. */
  lock(id: string): Promise<SubscriptionSnapshot | undefined>;
  /** Active subscriptions whose period ended by `now`: at most `limit` ids after `after`, in id order. */
  dueIds(now: Date, after: string | null, limit: number): Promise<readonly string[]>;
}
