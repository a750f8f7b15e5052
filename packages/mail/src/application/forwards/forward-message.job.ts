import { defineJob } from '@tuma/kernel';

/**
 * Re-sends one message a forward took (or one bounce back to the sender of forwarded mail), after
 * the inbound server stored it: a refusal that may pass (4xx, no connection) is retried as an
 * email's delivery is (8 more attempts from 30 s, doubling, about two hours). One account's
 * backlog takes one worker at a time, so another account's mail is not queued behind it.
 */
export const FORWARD_MESSAGE_JOB = defineJob<{ readonly attemptId: string }>({
  name: 'mail.forward-message',
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 600,
  concurrency: 2,
  perGroupConcurrency: 1,
});
