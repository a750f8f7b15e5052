import { GroupCommit, type GroupCommitOptions } from '@tuma/kernel';
import type { EmailTimeline, TimelineEntries } from './email-timeline.ts';

/** Delivery answers recorded in one unit of work, at most. */
const RECORDS_BATCH_MAX = 64;

/**
 * The relay's answers to concurrent delivery jobs recorded as they come, those of the same moment in
 * one unit of work (group commit; what arrives meanwhile joins the next), so that a job's answer is
 * committed a few milliseconds after the relay gave it: what a kill can send again stays the
 * deliveries on the wire (docs/reliability.md). A batch that fails is recorded entry by entry, so
 * that one entry's fault fails its job alone.
 */
export class GatheredTimeline {
  private readonly batches: GroupCommit<TimelineEntries, PromiseSettledResult<void>>;

  constructor(
    private readonly timeline: EmailTimeline,
    gathering: Omit<GroupCommitOptions, 'maxBatch'> = {},
  ) {
    this.batches = new GroupCommit((entries) => this.recordAll(entries), { maxBatch: RECORDS_BATCH_MAX, ...gathering });
  }

  async record(entries: TimelineEntries): Promise<void> {
    const outcome = await this.batches.submit(entries);
    if (outcome.status === 'rejected') throw outcome.reason;
  }

  private async recordAll(entries: readonly TimelineEntries[]): Promise<PromiseSettledResult<void>[]> {
    try {
      await this.timeline.recordMany(entries);
      return entries.map(() => ({ status: 'fulfilled', value: undefined }));
    } catch {
      const alone: PromiseSettledResult<void>[] = [];
      for (const entry of entries) alone.push(await this.timeline.recordMany([entry]).then(() => ({ status: 'fulfilled' as const, value: undefined }), (reason: unknown) => ({ status: 'rejected' as const, reason })));
      return alone;
    }
  }
}
