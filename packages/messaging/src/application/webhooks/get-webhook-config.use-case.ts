import { ResultAsync, type Clock, type UnitOfWork } from '@tuma/kernel';
import type { KeyScope } from '../../domain/messages/key-scope.ts';
import type { WebhookConfig } from '../../domain/webhooks/webhook-config.aggregate.ts';
import type { WebhookConfigRepository } from './webhook-config.repository.port.ts';
import { webhookConfigOf } from './webhook-config-of.ts';

/** `GET /api/webhooks`: the configuration of the key's account and environment, created with its signing secret on first use. */
export class GetWebhookConfig {
  constructor(
    private readonly configs: WebhookConfigRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(owner: KeyScope): ResultAsync<WebhookConfig, never> {
    return this.unitOfWork.run(() => ResultAsync.fromSafePromise(webhookConfigOf(this.configs, owner, this.clock.now())));
  }
}
