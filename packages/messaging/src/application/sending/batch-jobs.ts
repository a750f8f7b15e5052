import type { JobScheduler } from '@tuma/kernel';
import type { MessageBatch } from '../../domain/messages/message-batch.ts';
import { chunkRanges } from '../../domain/messages/batch-chunks.ts';
import { DISPATCH_BATCH_JOB, DRIP_BATCH_JOB } from './sending-jobs.ts';

/**
 * Enqueues a new batch's fan-out in the current unit of work: one dispatch job per chunk (at the
 * scheduled time for `scheduled`), or for `dripping` the first minute's drip job, which enqueues
 * the next minute's when it runs.
 */
export async function enqueueBatchJobs(jobs: JobScheduler, batch: MessageBatch): Promise<void> {
  if (batch.total === 0) return;
  if (batch.status === 'dripping') {
    const perMinute = batch.dripRate!;
    await jobs.enqueue(DRIP_BATCH_JOB, { batchId: batch.id, accountId: batch.accountId, fromSeq: 0, perMinute, total: batch.total, dueAt: batch.createdAt.toISOString() });
    return;
  }
  const options = batch.scheduledAt ? { startAfter: batch.scheduledAt } : {};
  await jobs.enqueueMany(
    DISPATCH_BATCH_JOB,
    chunkRanges(0, batch.total - 1).map((range) => ({ payload: { batchId: batch.id, ...range }, options })),
  );
}
