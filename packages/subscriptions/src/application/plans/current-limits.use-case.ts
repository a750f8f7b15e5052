import { ResultAsync, type Clock } from '@tuma/kernel';
import { UNLIMITED, type Plan } from '../../domain/plans/plan.ts';
import { planOf } from '../../domain/plans/plan-catalogue.ts';
import { PRODUCTS, type Product } from '../../domain/plans/products.ts';
import { Subscription } from '../../domain/subscriptions/subscription.aggregate.ts';
import type { SubscriptionRepository } from '../subscriptions/subscription.repository.port.ts';

/**
 * The plan an account is on now, for the products to enforce (`withinPlan`): its active
 * subscription's tier as of now (past the period's end, what the renewal leads to), else free.
 */
export class CurrentLimits {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly clock: Clock,
  ) {}

  execute<P extends Product>(accountId: string, product: P): ResultAsync<Plan<P>, never> {
    return ResultAsync.fromSafePromise(this.planOf(accountId, product));
  }

  /**
   * identity's `TeamLimits`: the team is the account's, so its cap is the most generous `maxTeam`
   * of its plans (a paid mail plan lifts the links free plan's cap of 1); null when unlimited.
   */
  async maxMembers(accountId: string): Promise<number | null> {
    const caps = await Promise.all(PRODUCTS.map(async (product) => (await this.planOf(accountId, product)).limits.maxTeam));
    return caps.includes(UNLIMITED) ? null : Math.max(...caps);
  }

  private async planOf<P extends Product>(accountId: string, product: P): Promise<Plan<P>> {
    const active = await this.subscriptions.findActive(accountId, product);
    return planOf(product, active ? Subscription.rehydrate(active).tierAt(this.clock.now()) : 'free');
  }
}
