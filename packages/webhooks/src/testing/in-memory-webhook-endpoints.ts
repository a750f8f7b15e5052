import { ownerKey, type WebhookOwner } from '../domain/events/webhook-event.ts';
import type { WebhookEndpoints } from '../application/deliveries/webhook-endpoints.port.ts';

/** A product's endpoints in memory: a secret and a URL per kind for each owner, set by the test. */
export class InMemoryWebhookEndpoints implements WebhookEndpoints {
  private readonly owners = new Map<string, { secret: string; urls: Map<string, string> }>();

  /** Gives `owner` a signing secret and a URL for each kind in `urls` (replacing what it had). */
  set(owner: WebhookOwner, secret: string, urls: Readonly<Record<string, string>>): void {
    this.owners.set(ownerKey(owner), { secret, urls: new Map(Object.entries(urls)) });
  }

  async destinationsOf(events: readonly (WebhookOwner & { readonly kind: string })[]): Promise<readonly (string | null)[]> {
    return events.map((event) => this.owners.get(ownerKey(event))?.urls.get(event.kind) ?? null);
  }

  async signingSecret(owner: WebhookOwner): Promise<string | undefined> {
    return this.owners.get(ownerKey(owner))?.secret;
  }

  async redeliveryUrl(owner: WebhookOwner, kind: string): Promise<{ readonly url: string } | { readonly missing: string }> {
    const url = this.owners.get(ownerKey(owner))?.urls.get(kind);
    return url ? { url } : { missing: `No URL for ${kind} events is set to redeliver to` };
  }
}
