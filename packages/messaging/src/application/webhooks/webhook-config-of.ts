import type { KeyScope } from '../../domain/messages/key-scope.ts';
import { WebhookConfig } from '../../domain/webhooks/webhook-config.aggregate.ts';
import type { WebhookConfigRepository } from './webhook-config.repository.port.ts';
import { newSigningSecret } from '@tuma/webhooks';

/**
 * The webhook configuration of an account's environment, created on first use (no URLs, active, a
 * new signing secret). With `lock`, inside a unit of work, it stays locked until the unit ends.
 */
export async function webhookConfigOf(configs: WebhookConfigRepository, owner: KeyScope, now: Date, lock = false): Promise<WebhookConfig> {
  const found = await configs.find(owner, { lock });
  if (found) return found;
  await configs.insertIfAbsent(WebhookConfig.create(owner, newSigningSecret(), now));
  const created = await configs.find(owner, { lock });
  if (!created) throw new Error(`The ${owner.environment} webhook configuration of ${owner.accountId} vanished right after it was created`);
  return created;
}
