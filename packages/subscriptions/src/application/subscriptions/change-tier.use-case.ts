import type { LedgerEntry } from '@tuma/billing';
import { atomically, err, errAsync, notFound, ok, type Clock, type NotFoundError, type ResultAsync, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { planOf } from '../../domain/plans/plan-catalogue.ts';
import { parseTier } from '../../domain/plans/products.ts';
import { upgradeCharge } from '../../domain/subscriptions/subscription-charge.ts';
import type { SubscriptionEndedError } from '../../domain/subscriptions/subscription-errors.ts';
import { Subscription } from '../../domain/subscriptions/subscription.aggregate.ts';
import type { ChargeError, SubscriptionBilling } from './subscription-billing.ts';
import type { SubscriptionChanged } from './subscription-changed.ts';
import type { SubscriptionRenewal } from './subscription-renewal.ts';
import { subscriptionView } from './subscription-view.ts';
import type { SubscriptionRepository } from './subscription.repository.port.ts';

export interface ChangeTierInput {
  readonly accountId: string;
  readonly subscriptionId: string;
  readonly tier: string;
}

export type ChangeTierError = ValidationError | NotFoundError | SubscriptionEndedError | ChargeError;

/**
 * `PATCH /subscriptions/{id} {tier}`: an upgrade applies at once and charges the difference of the
 * monthly prices for the days left in the month (today included); a downgrade, or `free`, waits
 * for the period's end; the current tier drops a waiting downgrade or cancel. A renewal that is
 * due (the sweep has not reached it yet) is settled first, so the change applies to the new period.
 */
export class ChangeTier {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly renewal: SubscriptionRenewal,
    private readonly billing: SubscriptionBilling,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: ChangeTierInput): ResultAsync<SubscriptionChanged, ChangeTierError> {
    const tier = parseTier(input.tier);
    if (tier.isErr()) return errAsync(tier.error);
    return atomically(this.unitOfWork, async () => {
      const locked = await this.subscriptions.lock(input.subscriptionId);
      if (!locked || locked.accountId !== input.accountId) return err(notFound('subscription', input.subscriptionId));
      const subscription = Subscription.rehydrate(locked);
      const now = this.clock.now();
      const settled = await this.renewal.settle(subscription, now);
      if (settled.isErr()) return err(settled.error);
      const change = subscription.changeTier(tier.value, now);
      if (change.isErr()) return err(change.error);
      let charge: LedgerEntry | null = null;
      if (change.value.kind === 'upgrade') {
        const { from, to, days, inMonth } = change.value;
        const { product } = locked;
        const difference = planOf(product, to).priceUsd.subtract(planOf(product, from).priceUsd);
        const charged = await this.billing.charge(input.accountId, subscription.id, upgradeCharge(subscription.id, product, from, to, now, difference, days, inMonth));
        if (charged.isErr()) return err(charged.error);
        charge = charged.value;
      }
      await this.subscriptions.save(subscription.toSnapshot());
      return ok({ subscription: subscriptionView(subscription.toSnapshot()), change: change.value, charge });
    });
  }
}
