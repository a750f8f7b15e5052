/** The engine wired in memory for one profile, on a fake clock and an in-memory job queue: for tests of profiles and of products on the engine. */
import { FakeClock, ImmediateUnitOfWork, InMemoryJobScheduler } from '@tuma/kernel/testing';
import { DeliverWebhook } from '../application/deliveries/deliver-webhook.use-case.ts';
import { RedeliverWebhook } from '../application/deliveries/redeliver-webhook.use-case.ts';
import { deliverWebhookJob } from '../application/deliveries/webhook-jobs.ts';
import { OutboxEventPublisher } from '../application/outbox/outbox-event-publisher.ts';
import { WebhookOutbox } from '../application/outbox/webhook-outbox.ts';
import type { WebhookProfile } from '../domain/profiles/webhook-profile.ts';
import { InMemoryWebhookDeliveryRepository } from './in-memory-webhook-delivery.repository.ts';
import { InMemoryWebhookEndpoints } from './in-memory-webhook-endpoints.ts';
import { RecordingWebhookSender } from './recording-webhook-sender.ts';

export interface WebhookEngineWorld {
  readonly clock: FakeClock;
  readonly jobs: InMemoryJobScheduler;
  readonly endpoints: InMemoryWebhookEndpoints;
  readonly deliveries: InMemoryWebhookDeliveryRepository;
  readonly sender: RecordingWebhookSender;
  readonly publisher: OutboxEventPublisher;
  readonly deliver: DeliverWebhook;
  readonly redeliver: RedeliverWebhook;
  /** Moves the clock to each queued job's time and runs it, until no job is left; returns the time of each POST. */
  drain(): Promise<Date[]>;
}

/** `statuses`: what the endpoint answers, attempt after attempt (then 200). */
export function webhookEngineWorld(profile: WebhookProfile, statuses: number[] = [], start = '2026-11-21T10:00:00.000Z'): WebhookEngineWorld {
  const clock = new FakeClock(start);
  const jobs = new InMemoryJobScheduler(clock);
  const uow = new ImmediateUnitOfWork();
  const endpoints = new InMemoryWebhookEndpoints();
  const deliveries = new InMemoryWebhookDeliveryRepository();
  const sender = new RecordingWebhookSender(statuses);
  const deliver = new DeliverWebhook(deliveries, endpoints, sender, jobs, uow, clock, profile);
  const postedAt: Date[] = [];
  jobs.register(deliverWebhookJob(profile), async (ref) => {
    const before = sender.posts.length;
    await deliver.execute(ref);
    if (sender.posts.length > before) postedAt.push(clock.now());
  });
  return {
    clock,
    jobs,
    endpoints,
    deliveries,
    sender,
    publisher: new OutboxEventPublisher(endpoints, new WebhookOutbox(deliveries, jobs, clock, profile)),
    deliver,
    redeliver: new RedeliverWebhook(deliveries, endpoints, jobs, uow, clock, [profile]),
    async drain() {
      for (let queued = jobs.jobs(); queued.length > 0; queued = jobs.jobs()) {
        const due = Math.min(...queued.map((job) => job.startAfter.getTime()));
        if (due > clock.now().getTime()) clock.set(due);
        await jobs.runDue();
      }
      return postedAt.splice(0);
    },
  };
}
