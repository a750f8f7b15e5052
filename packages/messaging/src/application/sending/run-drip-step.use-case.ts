import { ResultAsync, type Clock, type JobScheduler } from '@tuma/kernel';
import { chunkRanges } from '../../domain/messages/batch-chunks.ts';
import type { DispatchMessages } from './dispatch-messages.use-case.ts';
import { DRIP_BATCH_JOB, type DripStep } from './sending-jobs.ts';
import { HOLD_RECHECK_MS } from './sending-holds.port.ts';

const MINUTE_MS = 60_000;

/**
 * One minute of a drip (paused whole while its account is held: the step comes back later and the
 * next one is not enqueued until it runs): first enqueues the next minute's step (due one minute after this one was
 * due, so a late step does not push the whole drip back; the singleton key makes a re-run of this
 * step enqueue it once), then dispatches this minute's members.
 */
export class RunDripStep {
  constructor(
    private readonly dispatch: DispatchMessages,
    private readonly jobs: JobScheduler,
    private readonly clock: Clock,
  ) {}

  execute(step: DripStep): ResultAsync<void, never> {
    return ResultAsync.fromSafePromise(this.run(step));
  }

  private async run(step: DripStep): Promise<void> {
    if (step.accountId !== undefined && (await this.dispatch.isHeld(step.accountId))) {
      const later = new Date(this.clock.now().getTime() + HOLD_RECHECK_MS);
      await this.jobs.enqueue(DRIP_BATCH_JOB, step, { startAfter: later, singletonKey: `${step.batchId}:${step.fromSeq}:held:${later.getTime()}` });
      return;
    }
    const next = step.fromSeq + step.perMinute;
    if (next < step.total) {
      const dueAt = new Date(Date.parse(step.dueAt) + MINUTE_MS);
      await this.jobs.enqueue(DRIP_BATCH_JOB, { ...step, fromSeq: next, dueAt: dueAt.toISOString() }, { startAfter: dueAt, singletonKey: `${step.batchId}:${next}` });
    }
    for (const range of chunkRanges(step.fromSeq, Math.min(next, step.total) - 1)) {
      await this.dispatch.submitBatchRange(step.batchId, range.fromSeq, range.toSeq);
    }
  }
}
