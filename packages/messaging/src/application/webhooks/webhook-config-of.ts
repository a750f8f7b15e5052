import { WebhookConfig } from '../../domain/webhooks/webhook-config.aggregate.ts';
import type { WebhookConfigRepository } from '../../domain/webhooks/webhook-config.repository.port.ts';
import { newSigningSecret } from '../../domain/webhooks/webhook-signing.ts';

/**
 * The account's webhook configuration, created on first use (no URLs, active, a new signing
 * secret). With `lock`, inside a unit of work, it stays locked until the unit ends.
 */
export async function webhookConfigOf(configs: WebhookConfigRepository, accountId: string, now: Date, lock = false): Promise<WebhookConfig> {
  const found = await configs.find(accountId, { lock });
  if (found) return found;
  await configs.insertIfAbsent(WebhookConfig.create(accountId, newSigningSecret(), now));
  const created = await configs.find(accountId, { lock });
  if (!created) throw new Error(`The webhook configuration of ${accountId} vanished right after it was created`);
  return created;
}
