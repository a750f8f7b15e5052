import { defineJob, type JobDefinition, type JobScheduler } from '@tuma/kernel';
import type { WebhookAttemptRef, WebhookDelivery } from '../../domain/deliveries/webhook-delivery.aggregate.ts';
import type { WebhookProfile } from '../../domain/profiles/webhook-profile.ts';

/**
 * One attempt to deliver one event of a profile, in the profile's own queue (`jobName`). Failed
 * POSTs are not job failures: the handler logs them and enqueues the next attempt itself, at the
 * profile's delay (pg-boss's own backoff doubles). The job's retries cover only throws (database
 * down, a worker that died mid-attempt).
 */
export const deliverWebhookJob = (profile: WebhookProfile): JobDefinition<WebhookAttemptRef> =>
  defineJob<WebhookAttemptRef>({
    name: profile.jobName,
    retryLimit: 10,
    retryDelaySeconds: 5,
    expireInSeconds: 60,
    concurrency: 16,
  });

/** Enqueues the due attempt of each pending delivery in the current unit of work: a first attempt at once, a retry at its time. */
export async function enqueueWebhookAttempts(
  jobs: JobScheduler,
  job: JobDefinition<WebhookAttemptRef>,
  deliveries: readonly WebhookDelivery[],
  options: { readonly notBefore?: Date } = {},
): Promise<void> {
  const due = deliveries.flatMap((delivery) => {
    const next = delivery.nextAttempt();
    if (!next) return [];
    const startAfter = next.attempt === 1 ? options.notBefore : delivery.nextAttemptAt!;
    return [{ payload: next, options: startAfter ? { startAfter } : {} }];
  });
  if (due.length > 0) await jobs.enqueueMany(job, due);
}
