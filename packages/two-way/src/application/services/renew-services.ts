import { defineJob, enqueueNextSweep, transact, visitInPages, type Clock, type JobScheduler, type SweepSlot, type UnitOfWork } from '@tuma/kernel';
import { TwoWayService } from '../../domain/services/two-way-service.aggregate.ts';
import type { RenewalOutcome, ServiceRenewal } from './service-renewal.ts';
import type { TwoWayServiceRepository } from './two-way-service.repository.port.ts';

/** Every hour: the monthly fees due and the daily retries of unpaid ones (docs/two-way.md, "Fees"). */
export const RENEW_TWO_WAY_SERVICES_JOB = defineJob<SweepSlot>({ name: 'two-way.renew', retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 900 });

const EVERY_MS = 3_600_000;
const PAGE = 500;

/** What one run did; `deferred`: due, but no USD rate into the wallet currency (tried again next run). */
export type ServiceRenewalCounts = Record<Exclude<RenewalOutcome, 'not_due'> | 'deferred', number>;

/**
 * The renewal sweep. Periods run 30 days from each approval, so fees fall due at any hour: the
 * hourly run charges them within the hour. Each service is settled in a unit of work of its own
 * under its row's lock, so two workers take turns and the second finds it charged; runs are keyed
 * by their hour, so every worker's enqueue at start collapses into one.
 */
export class RenewServices {
  constructor(
    private readonly services: TwoWayServiceRepository,
    private readonly renewal: ServiceRenewal,
    private readonly jobs: JobScheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Enqueues the next run (at start, and after each run). */
  scheduleNext(): Promise<void> {
    return enqueueNextSweep(this.jobs, RENEW_TWO_WAY_SERVICES_JOB, EVERY_MS, this.clock.now());
  }

  async run(): Promise<ServiceRenewalCounts> {
    const counts: ServiceRenewalCounts = { charged: 0, unpaid: 0, deferred: 0 };
    const dueBy = this.clock.now();
    await visitInPages<number>((after, limit) => this.services.dueIds(dueBy, after, limit), PAGE, async (id) => {
      const outcome = await this.settle(id);
      if (outcome !== 'not_due') counts[outcome]++;
    });
    await this.scheduleNext();
    return counts;
  }

  /** A top-up retries the account's unpaid services at once instead of waiting for the next daily retry. */
  async retryUnpaidOf(accountId: string): Promise<ServiceRenewalCounts> {
    const counts: ServiceRenewalCounts = { charged: 0, unpaid: 0, deferred: 0 };
    for (const id of await this.services.unpaidIdsOf(accountId)) {
      const outcome = await this.settle(id, (service) => service.retryNow(this.clock.now()));
      if (outcome !== 'not_due') counts[outcome]++;
    }
    return counts;
  }

  private settle(id: number, prepare?: (service: TwoWayService) => void): Promise<RenewalOutcome | 'deferred'> {
    return transact(this.unitOfWork, async () => {
      const locked = await this.services.lock(id);
      if (!locked) return 'not_due';
      const service = TwoWayService.rehydrate(locked);
      prepare?.(service);
      return (await this.renewal.settle(service, this.clock.now())).unwrapOr('deferred' as const);
    });
  }
}
