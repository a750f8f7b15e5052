import type { KeyScope } from '../../domain/messages/key-scope.ts';
import type { WebhookConfig, WebhookRouting } from '../../domain/webhooks/webhook-config.aggregate.ts';

/**
 * Accounts' webhook configurations, one per account and environment (the owner). Implementations
 * keep the signing secret encrypted.
 */
export interface WebhookConfigRepository {
  /** In a unit of work with `lock`, held until it ends (rotations and updates of one owner queue). */
  find(owner: KeyScope, options?: { readonly lock?: boolean }): Promise<WebhookConfig | undefined>;
  /** Where the events of these owners go, by `scopeKey(owner)` (publishing needs no secret, so none is opened). */
  routingOf(owners: readonly KeyScope[]): Promise<ReadonlyMap<string, WebhookRouting>>;
  /** Stores a first configuration unless the owner has one already (a concurrent first use keeps one). */
  insertIfAbsent(config: WebhookConfig): Promise<void>;
  save(config: WebhookConfig): Promise<void>;
}
