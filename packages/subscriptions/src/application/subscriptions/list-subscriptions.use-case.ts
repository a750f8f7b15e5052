import { okAsync, ResultAsync, type Clock } from '@tuma/kernel';
import { PRODUCTS } from '../../domain/plans/products.ts';
import { freeView, subscriptionView, type SubscriptionView } from './subscription-view.ts';
import type { SubscriptionRepository } from './subscription.repository.port.ts';

/** `GET /subscriptions`: the account's subscription of each product, free where it has no paid one. */
export class ListSubscriptions {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly clock: Clock,
  ) {}

  execute(accountId: string): ResultAsync<readonly SubscriptionView[], never> {
    return ResultAsync.fromSafePromise(this.subscriptions.list(accountId)).andThen((all) => {
      const now = this.clock.now();
      return okAsync(
        PRODUCTS.map((product) => {
          const active = all.find((s) => s.product === product && s.status === 'active');
          return active ? subscriptionView(active) : freeView(product, now, all.find((s) => s.product === product));
        }),
      );
    });
  }
}
