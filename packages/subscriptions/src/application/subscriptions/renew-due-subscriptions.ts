import { defineJob, enqueueNextSweep, transact, visitInPages, type Clock, type JobScheduler, type SweepSlot, type UnitOfWork } from '@tuma/kernel';
import { Subscription } from '../../domain/subscriptions/subscription.aggregate.ts';
import type { RenewalOutcome, SubscriptionRenewal } from './subscription-renewal.ts';
import type { SubscriptionRepository } from './subscription.repository.port.ts';

/** Every hour: subscriptions whose period ended are renewed, or end (docs/subscriptions.md, "Renewal"). */
export const RENEW_SUBSCRIPTIONS_JOB = defineJob<SweepSlot>({ name: 'subscriptions.renew', retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 900 });

const EVERY_MS = 3_600_000;
const PAGE = 500;

/** What one run did; `deferred`: due, but no USD rate into the wallet currency (tried again next run). */
export type RenewalCounts = Record<Exclude<RenewalOutcome, 'not_due'> | 'deferred', number>;

/**
 * The renewal sweep. Periods all end at 00:00 UTC on the first of a month, so the run of that hour
 * renews them; the hourly runs between pick up what a failed run left. Each subscription is
 * settled in a unit of work of its own under its row's lock, so two workers running the sweep at
 * once take turns and the second finds it renewed. Each run is keyed by its hour, so the runs
 * every worker process enqueues at start collapse into one.
 */
export class RenewDueSubscriptions {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly renewal: SubscriptionRenewal,
    private readonly jobs: JobScheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Enqueues the next run (at start, and after each run). */
  scheduleNext(): Promise<void> {
    return enqueueNextSweep(this.jobs, RENEW_SUBSCRIPTIONS_JOB, EVERY_MS, this.clock.now());
  }

  async run(): Promise<RenewalCounts> {
    const counts: RenewalCounts = { renewed: 0, ended: 0, lapsed: 0, deferred: 0 };
    const dueBy = this.clock.now();
    await visitInPages<string>((after, limit) => this.subscriptions.dueIds(dueBy, after, limit), PAGE, async (id) => {
      const outcome = await this.settle(id);
      if (outcome !== 'not_due') counts[outcome]++;
    });
    await this.scheduleNext();
    return counts;
  }

  private settle(id: string): Promise<RenewalOutcome | 'deferred'> {
    return transact(this.unitOfWork, async () => {
      const locked = await this.subscriptions.lock(id);
      if (!locked) return 'not_due';
      return (await this.renewal.settle(Subscription.rehydrate(locked), this.clock.now())).unwrapOr('deferred' as const);
    });
  }
}
