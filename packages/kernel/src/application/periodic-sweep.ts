import type { JobDefinition, JobScheduler } from './job-scheduler.port.ts';

/** A periodic sweep's payload: the time slot (`now / every`) its run belongs to. */
export interface SweepSlot {
  readonly slot: number;
}

/**
 * Enqueues a periodic sweep's next run, at the start of the next slot of `everyMs`, keyed by that
 * slot: every process enqueues it at start and after each run, and all of them make one run.
 */
export async function enqueueNextSweep(jobs: JobScheduler, job: JobDefinition<SweepSlot>, everyMs: number, now: Date): Promise<void> {
  const slot = Math.floor(now.getTime() / everyMs) + 1;
  await jobs.enqueue(job, { slot }, { startAfter: new Date(slot * everyMs), singletonKey: `${job.name}:${slot}` });
}

/**
 * Visits every key `page` answers, a page at a time (keyset paging: each page starts after the last
 * key of the one before), one key after the other.
 */
export async function visitInPages<K>(page: (after: K | null, limit: number) => Promise<readonly K[]>, pageSize: number, visit: (key: K) => Promise<void>): Promise<void> {
  let after: K | null = null;
  for (;;) {
    const keys = await page(after, pageSize);
    for (const key of keys) await visit(key);
    if (keys.length < pageSize) return;
    after = keys[keys.length - 1]!;
  }
}
