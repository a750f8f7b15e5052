import { defineJob, enqueueNextSweep, type Clock, type JobScheduler, type SweepSlot } from '@tuma/kernel';
import type { VerificationRepository } from './verification.repository.port.ts';

/** Every minute: pending verifications past their expiry are written down `expired`, their hashes dropped. */
export const EXPIRE_VERIFICATIONS_JOB = defineJob<SweepSlot>({ name: 'verification.expire', retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 120 });

const EVERY_MS = 60_000;
const PER_RUN = 5_000;

/**
 * The expiry sweep: each run expires what is due and enqueues the next, one minute on. Each run
 * is keyed by its minute, so the runs every worker process enqueues at start collapse into one.
 */
export class ExpireVerifications {
  constructor(
    private readonly verifications: VerificationRepository,
    private readonly jobs: JobScheduler,
    private readonly clock: Clock,
  ) {}

  /** Enqueues the next run (at start, and after each run). */
  scheduleNext(): Promise<void> {
    return enqueueNextSweep(this.jobs, EXPIRE_VERIFICATIONS_JOB, EVERY_MS, this.clock.now());
  }

  async run(): Promise<number> {
    const now = this.clock.now();
    let expired = 0;
    for (let swept = PER_RUN; swept === PER_RUN; expired += swept) swept = await this.verifications.expireDue(now, PER_RUN);
    await this.scheduleNext();
    return expired;
  }
}
