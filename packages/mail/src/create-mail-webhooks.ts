import { jobRoute, type Clock, type JobRoute, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import { DeliverWebhook, deliverWebhookJob, ListWebhookDeliveries, RedeliverWebhook, WebhookOutbox, type WebhookDeliveryRepository, type WebhookDestinations, type WebhookSender } from '@tuma/webhooks';
import { MailEventWebhooks } from './application/webhooks/mail-event-webhooks.ts';
import { MailWebhookEndpoints } from './application/webhooks/mail-webhook-endpoints.ts';
import type { MailWebhookRepository } from './application/webhooks/mail-webhook.repository.port.ts';
import { CreateMailWebhook } from './application/webhooks/create-mail-webhook.use-case.ts';
import { DeleteMailWebhook } from './application/webhooks/delete-mail-webhook.use-case.ts';
import { GetMailWebhook } from './application/webhooks/get-mail-webhook.use-case.ts';
import { ListMailWebhooks } from './application/webhooks/list-mail-webhooks.use-case.ts';
import { UpdateMailWebhook } from './application/webhooks/update-mail-webhook.use-case.ts';
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
    createWebhook: new CreateMailWebhook(webhooks, ports.destinations, clock),
    listWebhooks: new ListMailWebhooks(webhooks),
    getWebhook: new GetMailWebhook(webhooks),
    updateWebhook: new UpdateMailWebhook(webhooks, ports.destinations, clock),
    deleteWebhook: new DeleteMailWebhook(webhooks),
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
