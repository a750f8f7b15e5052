import type { WebhookEndpoints, WebhookEvent, WebhookOwner } from '@tuma/webhooks';
import { receives } from '../../domain/webhooks/link-webhook.ts';
import type { LinkWebhookRepository } from './link-webhook.repository.port.ts';

/**
 * The links' side of the webhook engine (as mail's): an event's kind is the id of the webhook it
 * goes to, signed with that webhook's secret; a deleted webhook's events are not sent.
 */
export class LinkWebhookEndpoints implements WebhookEndpoints {
  constructor(private readonly webhooks: LinkWebhookRepository) {}

  async destinationsOf(events: readonly WebhookEvent[]): Promise<readonly (string | null)[]> {
    const webhooks = new Map((await this.webhooks.ofAccounts([...new Set(events.map((event) => event.accountId))])).map((webhook) => [webhook.id, webhook]));
    return events.map((event) => {
      const webhook = webhooks.get(event.kind);
      return webhook && webhook.accountId === event.accountId && webhook.environment === event.environment && receives(webhook, event.type) ? webhook.url : null;
    });
  }

  async signingSecret(endpoint: WebhookOwner & { readonly kind: string }): Promise<string | undefined> {
    return (await this.webhooks.find(endpoint.accountId, endpoint.environment, endpoint.kind))?.secret;
  }

  async redeliveryUrl(owner: WebhookOwner, kind: string): Promise<{ readonly url: string } | { readonly missing: string }> {
    const webhook = await this.webhooks.find(owner.accountId, owner.environment, kind);
    return webhook ? { url: webhook.url } : { missing: `Webhook ${kind} was deleted` };
  }
}
