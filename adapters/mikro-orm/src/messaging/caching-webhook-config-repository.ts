import { scopeKey, type KeyScope, type WebhookConfig, type WebhookConfigRepository, type WebhookRouting } from '@tuma/messaging';
import type { DatabaseNotifications } from '../database/database-notifications.ts';
import { NotifiedCache } from '../database/notified-cache.ts';

export const WEBHOOK_CONFIG_TOPIC = 'webhook-config';

/**
 * Where each account's events go (`routingOf`: read by every delivery report and inbound message
 * published, in the publisher's unit of work) kept in process, emptied in every process whenever a
 * configuration is written, so a changed URL or webhooks turned off apply to the next event
 * everywhere. Owners not kept are read together, on the caller's connection (inside its unit of
 * work: the embedded database has one session). The configuration itself, with its secret, reads
 * through.
 */
export class CachingWebhookConfigRepository implements WebhookConfigRepository {
  private readonly routing = new NotifiedCache<WebhookRouting | undefined>();

  constructor(
    private readonly inner: WebhookConfigRepository,
    private readonly notifications: DatabaseNotifications,
  ) {
    notifications.subscribe(WEBHOOK_CONFIG_TOPIC, this.routing);
  }

  find(owner: KeyScope, options?: { readonly lock?: boolean }): Promise<WebhookConfig | undefined> {
    return this.inner.find(owner, options);
  }

  async routingOf(owners: readonly KeyScope[]): Promise<ReadonlyMap<string, WebhookRouting>> {
    const byKey = new Map(owners.map((owner) => [scopeKey(owner), owner]));
    const keys = [...byKey.keys()];
    const routes = await this.routing.getMany(keys, (missing) => this.inner.routingOf(missing.map((key) => byKey.get(key)!)));
    return new Map(keys.flatMap((key, index) => (routes[index] ? [[key, routes[index]] as const] : [])));
  }

  async insertIfAbsent(config: WebhookConfig): Promise<void> {
    await this.inner.insertIfAbsent(config);
    await this.changed();
  }

  async save(config: WebhookConfig): Promise<void> {
    await this.inner.save(config);
    await this.changed();
  }

  private async changed(): Promise<void> {
    this.routing.clear();
    await this.notifications.publish(WEBHOOK_CONFIG_TOPIC, {});
  }
}
