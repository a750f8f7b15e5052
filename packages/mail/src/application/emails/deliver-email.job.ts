import { defineJob } from '@tuma/kernel';

/**
 * Hands one email to the transport, at its time. A refusal that may pass (4xx, no connection) is
 * retried: 8 more attempts from 30 s, doubling (about two hours in all), as relays expect.
 */
export const DELIVER_EMAIL_JOB = defineJob<{ readonly emailId: string }>({ name: 'mail.deliver-email', retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 600 });
