/** The SMS webhook use cases of the SMS core on in-memory ports, a fake clock and an in-memory job queue, for tests of this package and of the sender adapters. */
import { FakeClock, InMemoryJobScheduler } from '@tuma/kernel/testing';
import type { DeliverWebhook, ListWebhookDeliveries, RedeliverWebhook, WebhookDestinations, WebhookSender } from '@tuma/webhooks';
import type { InMemoryWebhookDeliveryRepository } from '@tuma/webhooks/testing';
import type { GatewaySelector } from '../application/sending/gateway-selector.ts';
import type { GetWebhookConfig } from '../application/webhooks/get-webhook-config.use-case.ts';
import type { RotateWebhookSecret } from '../application/webhooks/rotate-webhook-secret.use-case.ts';
import type { SendTestWebhooks } from '../application/webhooks/send-test-webhooks.use-case.ts';
import type { UpdateWebhookConfig } from '../application/webhooks/update-webhook-config.use-case.ts';
import { messagingJobRoutes } from '../create-messaging.ts';
import type { EventPublisher } from '../domain/events/webhook-event.ts';
import type { InMemoryWebhookConfigRepository } from './in-memory-webhook-config.repository.ts';
import { inMemoryMessaging } from './in-memory-messaging.ts';

export interface WebhookWorld {
  readonly clock: FakeClock;
  readonly jobs: InMemoryJobScheduler;
  readonly configs: InMemoryWebhookConfigRepository;
  readonly deliveries: InMemoryWebhookDeliveryRepository;
  readonly publisher: EventPublisher;
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

/** Carriers are not part of this world: a send in it is a bug of the test. */
const NO_CARRIERS: GatewaySelector = {
  gatewayFor: () => {
    throw new Error('webhookWorld has no carrier');
  },
};

export function webhookWorld(sender: WebhookSender, destinations: WebhookDestinations, start = '2026-11-21T10:00:00.000Z'): WebhookWorld {
  const clock = new FakeClock(start);
  const { messaging, ports } = inMemoryMessaging({ clock, gateways: NO_CARRIERS, webhookSender: sender, webhookDestinations: destinations });
  const { jobs } = ports;
  for (const route of messagingJobRoutes(messaging)) route.register(jobs, (attempt) => attempt());
  return {
    clock,
    jobs,
    configs: ports.webhookConfigRepository,
    deliveries: ports.webhookDeliveryRepository,
    publisher: messaging.eventPublisher,
    getConfig: messaging.getWebhookConfig,
    updateConfig: messaging.updateWebhookConfig,
    rotateSecret: messaging.rotateWebhookSecret,
    deliver: messaging.deliverWebhook,
    sendTest: messaging.sendTestWebhooks,
    listDeliveries: messaging.listWebhookDeliveries,
    redeliver: messaging.redeliverWebhook,
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
