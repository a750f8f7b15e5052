import type { WebhookConfig, WebhookRouting } from './webhook-config.aggregate.ts';

/** Accounts' webhook configurations, one per account. Implementations keep the signing secret encrypted. */
export interface WebhookConfigRepository {
  /** In a unit of work with `lock`, held until it ends (rotations and updates of one account queue). */
  find(accountId: string, options?: { readonly lock?: boolean }): Promise<WebhookConfig | undefined>;
  /** Where the events of these accounts go, by account id (publishing needs no secret, so none is opened). */
  routingOf(accountIds: readonly string[]): Promise<ReadonlyMap<string, WebhookRouting>>;
  /** Stores a first configuration unless the account has one already (a concurrent first use keeps one). */
  insertIfAbsent(config: WebhookConfig): Promise<void>;
  save(config: WebhookConfig): Promise<void>;
}
