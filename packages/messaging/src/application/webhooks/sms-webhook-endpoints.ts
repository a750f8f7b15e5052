import type { RedeliveredEvent, WebhookEndpoints, WebhookOwner } from '@tuma/webhooks';
import type { WebhookEvent, WebhookEventKind } from '../../domain/events/webhook-event.ts';
import { scopeKey } from '../../domain/messages/key-scope.ts';
import { destinationOf } from '../../domain/webhooks/webhook-config.aggregate.ts';
import { TWO_WAY_WEBHOOK_PROFILE } from '../../domain/webhooks/sms-webhook-profile.ts';
import type { InboundClaims } from '../inbound/inbound-claims.port.ts';
import type { WebhookConfigRepository } from './webhook-config.repository.port.ts';

const URL_FIELD: Record<WebhookEventKind, string> = { dlr: 'dlr_url', mo: 'mo_url' };

/**
 * SMS's side of the webhook engine, from the accounts' webhook configurations (one per account and
 * environment): a delivery report goes to the event's environment's `dlr_url`, an inbound message
 * to its `mo_url`, while webhooks are on there; every attempt is signed with that configuration's
 * current secret. A live event never goes to a test endpoint, nor a test event to a live one. A
 * claimed message's event (two-way) is redelivered where its product sends it now.
 */
export class SmsWebhookEndpoints implements WebhookEndpoints<WebhookEvent> {
  constructor(
    private readonly configs: WebhookConfigRepository,
    private readonly claims?: InboundClaims,
  ) {}

  async destinationsOf(events: readonly WebhookEvent[]): Promise<readonly (string | null)[]> {
    const owners = new Map(events.map((event) => [scopeKey(event), { accountId: event.accountId, environment: event.environment }]));
    const routing = await this.configs.routingOf([...owners.values()]);
    return events.map((event) => {
      const account = routing.get(scopeKey(event));
      return account ? destinationOf(account, event.kind) : null;
    });
  }

  async signingSecret(owner: WebhookOwner): Promise<string | undefined> {
    return (await this.configs.find(owner))?.signingSecret;
  }

  async redeliveryUrl(owner: WebhookOwner, kind: string, event: RedeliveredEvent): Promise<{ readonly url: string } | { readonly missing: string }> {
    if (event.product === TWO_WAY_WEBHOOK_PROFILE.name && this.claims) {
      const url = await this.claims.forwardUrlNow(owner.accountId, JSON.parse(event.body) as Record<string, unknown>);
      if (url) return { url };
    }
    const smsKind: WebhookEventKind = kind === 'dlr' ? 'dlr' : 'mo';
    const url = (await this.configs.find(owner))?.urlFor(smsKind);
    return url ? { url } : { missing: `No ${URL_FIELD[smsKind]} is set to redeliver to` };
  }
}
