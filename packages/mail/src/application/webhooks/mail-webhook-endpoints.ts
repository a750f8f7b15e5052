import type { WebhookEndpoints, WebhookEvent, WebhookOwner } from '@tuma/webhooks';
import { MailWebhook } from '../../domain/webhooks/mail-webhook.aggregate.ts';
import type { MailWebhookEventType } from '../../domain/webhooks/mail-webhook-events.ts';
import type { MailWebhookRepository } from './mail-webhook.repository.port.ts';

/**
 * Mail's side of the webhook engine: an event's kind is the id of the webhook it goes to, so each
 * (event, webhook) is a delivery of its own, signed with that webhook's secret. An event goes while
 * its webhook is active and subscribed to it; a deleted webhook's events are not kept.
 */
export class MailWebhookEndpoints implements WebhookEndpoints {
  constructor(private readonly webhooks: MailWebhookRepository) {}

  async destinationsOf(events: readonly WebhookEvent[]): Promise<readonly (string | null)[]> {
    const webhooks = new Map((await this.webhooks.ofAccounts([...new Set(events.map((event) => event.accountId))])).map((webhook) => [webhook.id, webhook]));
    return events.map((event) => {
      const webhook = webhooks.get(event.kind);
      return webhook && webhook.accountId === event.accountId && MailWebhook.rehydrate(webhook).receives(event.type as MailWebhookEventType) ? webhook.url : null;
    });
  }

  async signingSecret(endpoint: WebhookOwner & { readonly kind: string }): Promise<string | undefined> {
    return (await this.webhooks.find(endpoint.accountId, endpoint.kind))?.secret;
  }

  async redeliveryUrl(owner: WebhookOwner, kind: string): Promise<{ readonly url: string } | { readonly missing: string }> {
    const webhook = await this.webhooks.find(owner.accountId, kind);
    return webhook ? { url: webhook.url } : { missing: `Webhook ${kind} was deleted` };
  }
}
