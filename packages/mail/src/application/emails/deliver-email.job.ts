import { defineJob } from '@tuma/kernel';

/**
 * Hands one email to the transport, at its time. A refusal that may pass (4xx, no connection) is
 * retried: 8 more attempts from 30 s, doubling (about two hours in all), as relays expect. Each
 * worker fetches up to 16 at once and fetches again at once while fetches come back full (one at a
 * time, every polling interval, was half an email a second: `npm run bench mail-send`); one
 * account's backlog holds at most half the slots, so another account's email is not queued behind it.
 */
export const DELIVER_EMAIL_JOB = defineJob<{ readonly emailId: string }>({
  name: 'mail.deliver-email',
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 600,
  concurrency: 2,
  batchSize: 16,
  perGroupConcurrency: 16,
});
