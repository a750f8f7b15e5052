import { defineJob, RenewalSweep, type Clock, type JobScheduler, type RenewalCounts, type SweepSlot, type UnitOfWork } from '@tuma/kernel';
import { TwoWayService } from '../../domain/services/two-way-service.aggregate.ts';
import type { RenewalOutcome, ServiceRenewal } from './service-renewal.ts';
import type { TwoWayServiceRepository } from './two-way-service.repository.port.ts';

/** Every hour: the monthly fees due and the daily retries of unpaid ones (docs/two-way.md, "Fees"). */
export const RENEW_TWO_WAY_SERVICES_JOB = defineJob<SweepSlot>({ name: 'two-way.renew', retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 900 });

/** What one run did; `deferred`: due, but no USD rate into the wallet currency (tried again next run). */
export type ServiceRenewalCounts = RenewalCounts<Exclude<RenewalOutcome, 'not_due'>>;

/**
 * The renewal sweep (the kernel's `RenewalSweep`). Periods run 30 days from each approval, so fees
 * fall due at any hour: the hourly run charges them within the hour.
 */
export class RenewServices extends RenewalSweep<number, TwoWayService, Exclude<RenewalOutcome, 'not_due'>> {
  constructor(
    private readonly services: TwoWayServiceRepository,
    renewal: ServiceRenewal,
    jobs: JobScheduler,
    unitOfWork: UnitOfWork,
    clock: Clock,
  ) {
    super(
      {
        job: RENEW_TWO_WAY_SERVICES_JOB,
        outcomes: ['charged', 'unpaid'],
        dueIds: (dueBy, after, limit) => services.dueIds(dueBy, after, limit),
        lock: async (id) => {
          const locked = await services.lock(id);
          return locked && TwoWayService.rehydrate(locked);
        },
        settle: (service, now) => renewal.settle(service, now),
      },
      jobs,
      unitOfWork,
      clock,
    );
  }

  /** A top-up retries the account's unpaid services at once instead of waiting for the next daily retry. */
  async retryUnpaidOf(accountId: string): Promise<ServiceRenewalCounts> {
    return this.settleEach(await this.services.unpaidIdsOf(accountId), (service) => service.retryNow(this.clock.now()));
  }
}
