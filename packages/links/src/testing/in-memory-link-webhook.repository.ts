import { UndoableMap } from '@tuma/kernel/testing';
import type { LinkWebhookRepository } from '../application/webhooks/link-webhook.repository.port.ts';
import type { LinkEnvironment } from '../domain/links/link.aggregate.ts';
import type { LinkWebhookSnapshot } from '../domain/webhooks/link-webhook.ts';

/** Click webhooks in a map. */
export class InMemoryLinkWebhookRepository implements LinkWebhookRepository {
  private readonly webhooks = new UndoableMap<string, LinkWebhookSnapshot>();

  async add(webhook: LinkWebhookSnapshot): Promise<void> {
    this.webhooks.set(webhook.id, webhook);
  }

  async find(accountId: string, environment: LinkEnvironment, id: string): Promise<LinkWebhookSnapshot | undefined> {
    const webhook = this.webhooks.get(id);
    return webhook?.accountId === accountId && webhook.environment === environment ? webhook : undefined;
  }

  async ofAccounts(accountIds: readonly string[]): Promise<readonly LinkWebhookSnapshot[]> {
    return [...this.webhooks.values()].filter((webhook) => accountIds.includes(webhook.accountId)).sort((x, y) => (x.id < y.id ? -1 : 1));
  }

  async remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean> {
    return (await this.find(accountId, environment, id)) !== undefined && this.webhooks.delete(id);
  }
}
