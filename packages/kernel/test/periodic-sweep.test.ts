import { expect } from 'chai';
import { defineJob, enqueueNextSweep, visitInPages, type SweepSlot } from '../src/index.ts';
import { FakeClock, InMemoryJobScheduler } from '../src/testing/index.ts';

const SWEEP = defineJob<SweepSlot>({ name: 'test.sweep' });

describe('periodic sweeps', () => {
  it('enqueue the next run at the next slot, keyed by it: enqueued again by any process, it is one run', async () => {
    const clock = new FakeClock('2026-06-01T08:20:00.000Z');
    const jobs = new InMemoryJobScheduler(clock);
    await enqueueNextSweep(jobs, SWEEP, 3_600_000, clock.now());
    await enqueueNextSweep(jobs, SWEEP, 3_600_000, clock.now());
    expect(jobs.jobs().map((job) => [job.payload, job.startAfter.toISOString(), job.singletonKey])).to.deep.equal([
      [{ slot: Date.parse('2026-06-01T09:00:00.000Z') / 3_600_000 }, '2026-06-01T09:00:00.000Z', `test.sweep:${Date.parse('2026-06-01T09:00:00.000Z') / 3_600_000}`],
    ]);
  });

  it('visit every key a page at a time, each page after the last key of the one before, to a short page', async () => {
    const keys = Array.from({ length: 7 }, (_, i) => i + 1);
    const asked: (number | null)[] = [];
    const visited: number[] = [];
    await visitInPages<number>(async (after, limit) => (asked.push(after), keys.filter((key) => after === null || key > after).slice(0, limit)), 3, async (key) => void visited.push(key));
    expect(visited).to.deep.equal(keys);
    expect(asked).to.deep.equal([null, 3, 6]);
  });
});
