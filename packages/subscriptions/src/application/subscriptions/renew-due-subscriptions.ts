import { defineJob, RenewalSweep, type Clock, type JobScheduler, type RenewalCounts as SweepCounts, type SweepSlot, type UnitOfWork } from '@tuma/kernel';
import { Subscription } from '../../domain/subscriptions/subscription.aggregate.ts';
import type { RenewalOutcome, SubscriptionRenewal } from './subscription-renewal.ts';
import type { SubscriptionRepository } from './subscription.repository.port.ts';

/** Every hour: subscriptions whose period ended are renewed, or end (docs/subscriptions.md, "Renewal"). */
export const RENEW_SUBSCRIPTIONS_JOB = defineJob<SweepSlot>({ name: 'subscriptions.renew', retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 900 });

/** What one run did; `deferred`: due, but no USD rate into the wallet currency (tried again next run). */
export type RenewalCounts = SweepCounts<Exclude<RenewalOutcome, 'not_due'>>;

/**
 * The renewal sweep (the kernel's `RenewalSweep`). Periods all end at 00:00 UTC on the first of a
 * month, so the run of that hour renews them; the hourly runs between pick up what a failed run left.
 */
export class RenewDueSubscriptions extends RenewalSweep<string, Subscription, Exclude<RenewalOutcome, 'not_due'>> {
  constructor(subscriptions: SubscriptionRepository, renewal: SubscriptionRenewal, jobs: JobScheduler, unitOfWork: UnitOfWork, clock: Clock) {
    super(
      {
        job: RENEW_SUBSCRIPTIONS_JOB,
        outcomes: ['renewed', 'ended', 'lapsed'],
        dueIds: (dueBy, after, limit) => subscriptions.dueIds(dueBy, after, limit),
        lock: async (id) => {
          const locked = await subscriptions.lock(id);
          return locked && Subscription.rehydrate(locked);
        },
        settle: (subscription, now) => renewal.settle(subscription, now),
      },
      jobs,
      unitOfWork,
      clock,
    );
  }
}
