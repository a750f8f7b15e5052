import { defineJob } from '@tuma/kernel';

/**
 * Writes the emails of one chunk of a broadcast's recipients (`BROADCAST_CHUNK`, by seq) and
 * queues their delivery jobs, in one unit of work with the claim of the chunk's recipients: a
 * worker killed half-way leaves nothing of its attempt, and the retry writes the chunk once. One
 * attempt of one account's broadcasts runs at a time across the fleet: the delivery jobs, which
 * share the transport fairly between accounts, set the pace at which they leave.
 */
export const DISPATCH_BROADCAST_JOB = defineJob<{ readonly broadcastId: string; readonly from: number; readonly to: number }>({
  name: 'mail.dispatch-broadcast',
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 300,
  concurrency: 1,
  perGroupConcurrency: 1,
});
