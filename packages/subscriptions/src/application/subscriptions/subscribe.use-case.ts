import { atomically, err, errAsync, newId, ok, Result, validationError, type Clock, type ResultAsync, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { planOf } from '../../domain/plans/plan-catalogue.ts';
import { isPaid, parseProduct, parseTier, type PaidTier, type Product } from '../../domain/plans/products.ts';
import { daysLeftInMonth } from '../../domain/subscriptions/billing-period.ts';
import { periodCharge } from '../../domain/subscriptions/subscription-charge.ts';
import { alreadySubscribed, type AlreadySubscribedError } from '../../domain/subscriptions/subscription-errors.ts';
import { Subscription } from '../../domain/subscriptions/subscription.aggregate.ts';
import type { ChargeError, SubscriptionBilling } from './subscription-billing.ts';
import type { SubscriptionChanged } from './subscription-changed.ts';
import { subscriptionView } from './subscription-view.ts';
import type { SubscriptionRepository } from './subscription.repository.port.ts';

export interface SubscribeInput {
  readonly accountId: string;
  readonly product: string;
  readonly tier: string;
}

/** 402 `insufficient_balance` (with `required` and `available`) when the wallet cannot pay the first period. */
export type SubscribeError = ValidationError | AlreadySubscribedError | ChargeError;

function choiceOf(input: SubscribeInput): Result<{ product: Product; tier: PaidTier }, ValidationError> {
  const product = parseProduct(input.product);
  const tier = parseTier(input.tier).andThen((t) => (isPaid(t) ? ok(t) : err(validationError([{ path: 'tier', message: 'free needs no subscription: cancel the paid one to return to it' }]))));
  const issues = [product, tier].flatMap((r) => (r.isErr() ? r.error.details : []));
  return product.isOk() && tier.isOk() ? ok({ product: product.value, tier: tier.value }) : err(validationError(issues));
}

/**
 * `POST /subscriptions {product, tier}`: a paid tier from free. The first period runs to the end
 * of the calendar month and is charged at once, prorated by the days left (today included); every
 * later month is charged in full by the renewal.
 */
export class Subscribe {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly billing: SubscriptionBilling,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: SubscribeInput): ResultAsync<SubscriptionChanged, SubscribeError> {
    const choice = choiceOf(input);
    if (choice.isErr()) return errAsync(choice.error);
    const { product, tier } = choice.value;
    return atomically(this.unitOfWork, async () => {
      const now = this.clock.now();
      const subscription = Subscription.start({ id: newId('sub', now), accountId: input.accountId, product, tier }, now);
      if (await this.subscriptions.findActive(input.accountId, product)) return err(alreadySubscribed(product));
      const { days, inMonth } = daysLeftInMonth(now);
      const charge = periodCharge(subscription.id, product, tier, now, planOf(product, tier).priceUsd, days, inMonth);
      const charged = await this.billing.charge(input.accountId, subscription.id, charge);
      if (charged.isErr()) return err(charged.error);
      // A subscribe of the same product at the same time got in first: this one's charge rolls back with the Err.
      if (!(await this.subscriptions.add(subscription.toSnapshot()))) return err(alreadySubscribed(product));
      return ok({ subscription: subscriptionView(subscription.toSnapshot()), change: { kind: 'subscribe' as const }, charge: charged.value });
    });
  }
}
