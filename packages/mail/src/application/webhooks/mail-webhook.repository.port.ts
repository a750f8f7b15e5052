import type { MailWebhookSnapshot } from '../../domain/webhooks/mail-webhook.aggregate.ts';

export interface MailWebhookRepository {
  add(webhook: MailWebhookSnapshot): Promise<void>;
  save(webhook: MailWebhookSnapshot): Promise<void>;
  /** The account's webhook; another account's id is not found. */
  find(accountId: string, id: string): Promise<MailWebhookSnapshot | undefined>;
  /** The webhooks of these accounts, oldest first: where their events go. */
  ofAccounts(accountIds: readonly string[]): Promise<readonly MailWebhookSnapshot[]>;
  /** False when the account has no such webhook. Its deliveries stay in the log. */
  remove(accountId: string, id: string): Promise<boolean>;
}
