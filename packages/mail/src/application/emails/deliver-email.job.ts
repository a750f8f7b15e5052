import { defineJob } from '@tuma/kernel';

/**
 * Hands one email to the transport, at its time. A refusal that may pass (4xx, no connection) is
 * retried: 8 more attempts from 30 s, doubling (about two hours in all), as relays expect. Eight
 * workers each fetch up to 8 at once and fetch again at once while fetches come back full: 64
 * deliveries in flight per process, which is what a kill can send again (docs/reliability.md), and
 * a worker waiting for the slowest of its few does not hold the others (2 workers of 16 were 60% of
 * the rate, `npm run bench mail-send`). One account's backlog holds at most half the slots, so
 * another account's email is not queued behind it.
 */
export const DELIVER_EMAIL_JOB = defineJob<{ readonly emailId: string }>({
  name: 'mail.deliver-email',
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 600,
  concurrency: 8,
  batchSize: 8,
  perGroupConcurrency: 32,
});
