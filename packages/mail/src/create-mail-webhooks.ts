import { jobRoute, type Clock, type JobRoute, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import { DeliverWebhook, deliverWebhookJob, ListWebhookDeliveries, RedeliverWebhook, WebhookOutbox, type WebhookDeliveryRepository, type WebhookDestinations, type WebhookSender } from '@tuma/webhooks';
import { MailEventWebhooks } from './application/webhooks/mail-event-webhooks.ts';
import { MailWebhookEndpoints } from './application/webhooks/mail-webhook-endpoints.ts';
import type { MailWebhookRepository } from './application/webhooks/mail-webhook.repository.port.ts';
import { MailWebhooks } from './application/webhooks/mail-webhooks.use-cases.ts';
import { MAIL_WEBHOOK_PROFILE } from './domain/webhooks/mail-webhook-profile.ts';

export interface MailWebhookPorts {
  readonly clock: Clock;
  readonly unitOfWork: UnitOfWork;
  readonly jobs: JobScheduler;
  readonly webhooks: MailWebhookRepository;
  /** The engine's outbox and attempt log, shared with every product. */
  readonly deliveries: WebhookDeliveryRepository;
  readonly sender: WebhookSender;
  readonly destinations: WebhookDestinations;
}

/** The mail API's webhooks on the shared engine, with the mail profile (docs/mail.md, "Webhooks"). */
export function createMailWebhooks(ports: MailWebhookPorts) {
  const { clock, unitOfWork, jobs, webhooks, deliveries } = ports;
  const endpoints = new MailWebhookEndpoints(webhooks);
  return {
    webhooks: new MailWebhooks(webhooks, ports.destinations, clock),
    /** What the email timeline publishes its new entries through. */
    eventWebhooks: new MailEventWebhooks(webhooks, new WebhookOutbox(deliveries, jobs, clock, MAIL_WEBHOOK_PROFILE), clock),
    listDeliveries: new ListWebhookDeliveries(deliveries, [MAIL_WEBHOOK_PROFILE]),
    redeliver: new RedeliverWebhook(deliveries, endpoints, jobs, unitOfWork, clock, [MAIL_WEBHOOK_PROFILE]),
    deliver: new DeliverWebhook(deliveries, endpoints, ports.sender, jobs, unitOfWork, clock, MAIL_WEBHOOK_PROFILE),
  };
}

export type MailWebhookService = ReturnType<typeof createMailWebhooks>;

/** The delivery attempts of mail webhooks, for the workers. */
export const mailWebhookJobRoutes = (service: MailWebhookService): JobRoute[] => [jobRoute(deliverWebhookJob(MAIL_WEBHOOK_PROFILE), (ref) => service.deliver.execute(ref).then(() => undefined))];
