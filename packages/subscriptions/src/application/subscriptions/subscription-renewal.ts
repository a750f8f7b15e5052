import type { FxRateMissingError } from '@tuma/billing';
import { err, ok, type Result } from '@tuma/kernel';
import { planOf } from '../../domain/plans/plan-catalogue.ts';
import { daysLeftInMonth } from '../../domain/subscriptions/billing-period.ts';
import { periodCharge } from '../../domain/subscriptions/subscription-charge.ts';
import type { Subscription } from '../../domain/subscriptions/subscription.aggregate.ts';
import type { SubscriptionBilling } from './subscription-billing.ts';
import type { SubscriptionRepository } from './subscription.repository.port.ts';

export type RenewalOutcome = 'not_due' | 'renewed' | 'ended' | 'lapsed';

/**
 * The end of a subscription's period: a cancel takes effect, or the next calendar month is charged
 * in full (reference per subscription and month: charged once however often this runs). A wallet
 * that cannot pay ends the subscription (`payment_failed`): the account is on free from the
 * period's end. A missing USD rate is the operator's to fix, not the customer's fault: the
 * subscription stays as it is, still due, and the error is answered.
 */
export class SubscriptionRenewal {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly billing: SubscriptionBilling,
  ) {}

  /**
   * For a subscription locked in the caller's unit of work; saves what changed. Every period that
   * ended since the last renewal is settled in turn (a sweep that did not run for two months
   * leaves two due), so the subscription comes out not due: its last outcome is answered.
   */
  async settle(subscription: Subscription, now: Date): Promise<Result<RenewalOutcome, FxRateMissingError>> {
    let last: RenewalOutcome = 'not_due';
    for (;;) {
      const step = await this.settleOne(subscription, now);
      if (step.isErr()) return step;
      if (step.value === 'not_due') return ok(last);
      last = step.value;
      if (last !== 'renewed') return ok(last);
    }
  }

  private async settleOne(subscription: Subscription, now: Date): Promise<Result<RenewalOutcome, FxRateMissingError>> {
    const renewal = subscription.renewalAt(now);
    if (renewal.kind === 'not_due') return ok('not_due');
    if (renewal.kind === 'end') {
      subscription.end('canceled', now);
      await this.subscriptions.save(subscription.toSnapshot());
      return ok('ended');
    }
    const { id, accountId, product } = subscription.toSnapshot();
    const { days, inMonth } = daysLeftInMonth(renewal.period.start);
    const charge = periodCharge(id, product, renewal.tier, renewal.period.start, planOf(product, renewal.tier).priceUsd, days, inMonth);
    const charged = await this.billing.charge(accountId, id, charge);
    if (charged.isErr() && charged.error.type === 'fx_rate_missing') return err(charged.error);
    if (charged.isOk()) subscription.renewed(now);
    else subscription.end('payment_failed', now);
    await this.subscriptions.save(subscription.toSnapshot());
    return ok(charged.isOk() ? 'renewed' : 'lapsed');
  }
}
