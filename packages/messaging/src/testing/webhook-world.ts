/** The webhook use cases wired in memory on a fake clock and an in-memory job queue, for tests of this package and of the sender adapters. */
import { FakeClock, ImmediateUnitOfWork, InMemoryJobScheduler } from '@tuma/kernel';
import { DeliverWebhook } from '../application/webhooks/deliver-webhook.use-case.ts';
import { GetWebhookConfig } from '../application/webhooks/get-webhook-config.use-case.ts';
import { ListWebhookDeliveries } from '../application/webhooks/list-webhook-deliveries.use-case.ts';
import { OutboxEventPublisher } from '../application/webhooks/outbox-event-publisher.ts';
import { RedeliverWebhook } from '../application/webhooks/redeliver-webhook.use-case.ts';
import { RotateWebhookSecret } from '../application/webhooks/rotate-webhook-secret.use-case.ts';
import { SendTestWebhooks } from '../application/webhooks/send-test-webhooks.use-case.ts';
import { UpdateWebhookConfig } from '../application/webhooks/update-webhook-config.use-case.ts';
import type { WebhookDestinations } from '../application/webhooks/webhook-destinations.ts';
import { DELIVER_WEBHOOK_JOB } from '../application/webhooks/webhook-jobs.ts';
import type { WebhookSender } from '../application/webhooks/webhook-sender.port.ts';
import { InMemoryWebhookConfigRepository } from '../domain/webhooks/in-memory-webhook-config-repository.ts';
import { InMemoryWebhookDeliveryRepository } from '../domain/webhooks/in-memory-webhook-delivery-repository.ts';

export interface WebhookWorld {
  readonly clock: FakeClock;
  readonly jobs: InMemoryJobScheduler;
  readonly configs: InMemoryWebhookConfigRepository;
  readonly deliveries: InMemoryWebhookDeliveryRepository;
  readonly publisher: OutboxEventPublisher;
  readonly getConfig: GetWebhookConfig;
  readonly updateConfig: UpdateWebhookConfig;
  readonly rotateSecret: RotateWebhookSecret;
  readonly deliver: DeliverWebhook;
  readonly sendTest: SendTestWebhooks;
  readonly listDeliveries: ListWebhookDeliveries;
  readonly redeliver: RedeliverWebhook;
  /** Moves the clock to each queued job's time and runs it, until no job is left; returns how many ran. */
  drain(): Promise<number>;
}

export function webhookWorld(sender: WebhookSender, destinations: WebhookDestinations, start = '2026-11-21T10:00:00.000Z'): WebhookWorld {
  const clock = new FakeClock(start);
  const jobs = new InMemoryJobScheduler(clock);
  const uow = new ImmediateUnitOfWork();
  const configs = new InMemoryWebhookConfigRepository();
  const deliveries = new InMemoryWebhookDeliveryRepository();
  const deliver = new DeliverWebhook(deliveries, configs, sender, jobs, uow, clock);
  jobs.register(DELIVER_WEBHOOK_JOB, async (ref) => {
    await deliver.execute(ref);
  });
  return {
    clock,
    jobs,
    configs,
    deliveries,
    publisher: new OutboxEventPublisher(configs, deliveries, jobs, clock),
    getConfig: new GetWebhookConfig(configs, uow, clock),
    updateConfig: new UpdateWebhookConfig(configs, destinations, uow, clock),
    rotateSecret: new RotateWebhookSecret(configs, uow, clock),
    deliver,
    sendTest: new SendTestWebhooks(configs, deliveries, deliver, jobs, uow, clock),
    listDeliveries: new ListWebhookDeliveries(deliveries),
    redeliver: new RedeliverWebhook(deliveries, configs, jobs, uow, clock),
    async drain() {
      let ran = 0;
      for (let queued = jobs.jobs(); queued.length > 0; queued = jobs.jobs()) {
        const due = Math.min(...queued.map((job) => job.startAfter.getTime()));
        if (due > clock.now().getTime()) clock.set(due);
        ran += await jobs.runDue();
      }
      return ran;
    },
  };
}
