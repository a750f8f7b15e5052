import { UndoableMap } from '@tuma/kernel/testing';
import type { MailWebhookRepository } from '../application/webhooks/mail-webhook.repository.port.ts';
import type { MailWebhookSnapshot } from '../domain/webhooks/mail-webhook.aggregate.ts';

/** Mail webhooks in memory: for unit tests and for apps embedding the core without a database. */
export class InMemoryMailWebhookRepository implements MailWebhookRepository {
  private readonly webhooks = new UndoableMap<string, MailWebhookSnapshot>();

  async add(webhook: MailWebhookSnapshot): Promise<void> {
    if (this.webhooks.has(webhook.id)) throw new Error(`Webhook ${webhook.id} is stored already`);
    this.webhooks.set(webhook.id, { ...webhook });
  }

  async save(webhook: MailWebhookSnapshot): Promise<void> {
    this.webhooks.set(webhook.id, { ...webhook });
  }

  async find(accountId: string, id: string): Promise<MailWebhookSnapshot | undefined> {
    const webhook = this.webhooks.get(id);
    return webhook?.accountId === accountId ? { ...webhook } : undefined;
  }

  async ofAccounts(accountIds: readonly string[]): Promise<readonly MailWebhookSnapshot[]> {
    const wanted = new Set(accountIds);
    return [...this.webhooks.values()].filter((webhook) => wanted.has(webhook.accountId)).sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return (await this.find(accountId, id)) !== undefined && this.webhooks.delete(id);
  }
}
