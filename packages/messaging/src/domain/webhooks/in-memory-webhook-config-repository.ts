import { WebhookConfig, type WebhookConfigSnapshot, type WebhookRouting } from './webhook-config.aggregate.ts';
import type { WebhookConfigRepository } from './webhook-config.repository.port.ts';

/** Webhook configurations in memory: for embedding the core and for tests. */
export class InMemoryWebhookConfigRepository implements WebhookConfigRepository {
  private readonly configs = new Map<string, WebhookConfigSnapshot>();

  async find(accountId: string): Promise<WebhookConfig | undefined> {
    const snapshot = this.configs.get(accountId);
    return snapshot && WebhookConfig.rehydrate(snapshot);
  }

  async routingOf(accountIds: readonly string[]): Promise<ReadonlyMap<string, WebhookRouting>> {
    const found = new Map<string, WebhookRouting>();
    for (const accountId of accountIds) {
      const snapshot = this.configs.get(accountId);
      if (snapshot) found.set(accountId, { dlrUrl: snapshot.dlrUrl, moUrl: snapshot.moUrl, isActive: snapshot.isActive });
    }
    return found;
  }

  async insertIfAbsent(config: WebhookConfig): Promise<void> {
    if (!this.configs.has(config.accountId)) await this.save(config);
  }

  async save(config: WebhookConfig): Promise<void> {
    this.configs.set(config.accountId, config.toSnapshot());
  }
}
