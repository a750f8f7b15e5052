import { defineJob, type JobScheduler } from '@tuma/kernel';
import type { WebhookAttemptRef, WebhookDelivery } from '../../domain/webhooks/webhook-delivery.aggregate.ts';

/**
 * One attempt to deliver one event. Failed POSTs are not job failures: the handler logs them and
 * enqueues the next attempt itself, at the spec's delay (pg-boss's own backoff doubles). The job's
 * retries cover only throws (database down, a worker that died mid-attempt).
 */
export const DELIVER_WEBHOOK_JOB = defineJob<WebhookAttemptRef>({
  name: 'messaging.deliver-webhook',
  retryLimit: 10,
  retryDelaySeconds: 5,
  expireInSeconds: 60,
  concurrency: 16,
});

/** Enqueues the due attempt of each pending delivery in the current unit of work: a first attempt at once, a retry at its time. */
export async function enqueueWebhookAttempts(jobs: JobScheduler, deliveries: readonly WebhookDelivery[], options: { readonly notBefore?: Date } = {}): Promise<void> {
  const due = deliveries.flatMap((delivery) => {
    const next = delivery.nextAttempt();
    if (!next) return [];
    const startAfter = next.attempt === 1 ? options.notBefore : delivery.nextAttemptAt!;
    return [{ payload: next, options: startAfter ? { startAfter } : {} }];
  });
  if (due.length > 0) await jobs.enqueueMany(DELIVER_WEBHOOK_JOB, due);
}
