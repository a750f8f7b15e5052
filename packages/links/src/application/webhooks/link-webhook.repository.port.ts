import type { LinkEnvironment } from '../../domain/links/link.aggregate.ts';
import type { LinkWebhookSnapshot } from '../../domain/webhooks/link-webhook.ts';

export interface LinkWebhookRepository {
  add(webhook: LinkWebhookSnapshot): Promise<void>;
  /** The account's webhook of that environment. */
  find(accountId: string, environment: LinkEnvironment, id: string): Promise<LinkWebhookSnapshot | undefined>;
  /** Every webhook of these accounts (both environments), oldest first: where their clicks go. */
  ofAccounts(accountIds: readonly string[]): Promise<readonly LinkWebhookSnapshot[]>;
  /** False when the account has no such webhook in that environment. Its deliveries stay in the log. */
  remove(accountId: string, environment: LinkEnvironment, id: string): Promise<boolean>;
}
