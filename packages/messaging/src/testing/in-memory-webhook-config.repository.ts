import { UndoableMap } from '@tuma/kernel/testing';
import { scopeKey, type KeyScope } from '../domain/messages/key-scope.ts';
import { WebhookConfig, type WebhookConfigSnapshot, type WebhookRouting } from '../domain/webhooks/webhook-config.aggregate.ts';
import type { WebhookConfigRepository } from '../application/webhooks/webhook-config.repository.port.ts';

/** Webhook configurations in memory: for embedding the core and for tests. */
export class InMemoryWebhookConfigRepository implements WebhookConfigRepository {
  private readonly configs = new UndoableMap<string, WebhookConfigSnapshot>();

  async find(owner: KeyScope): Promise<WebhookConfig | undefined> {
    const snapshot = this.configs.get(scopeKey(owner));
    return snapshot && WebhookConfig.rehydrate(snapshot);
  }

  async routingOf(owners: readonly KeyScope[]): Promise<ReadonlyMap<string, WebhookRouting>> {
    const found = new Map<string, WebhookRouting>();
    for (const owner of owners) {
      const snapshot = this.configs.get(scopeKey(owner));
      if (snapshot) found.set(scopeKey(owner), { dlrUrl: snapshot.dlrUrl, moUrl: snapshot.moUrl, isActive: snapshot.isActive });
    }
    return found;
  }

  async insertIfAbsent(config: WebhookConfig): Promise<void> {
    if (!this.configs.has(scopeKey(config))) await this.save(config);
  }

  async save(config: WebhookConfig): Promise<void> {
    this.configs.set(scopeKey(config), config.toSnapshot());
  }
}
