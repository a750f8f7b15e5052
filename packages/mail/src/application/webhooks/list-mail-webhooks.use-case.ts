import { ResultAsync } from '@tuma/kernel';
import type { MailWebhookSnapshot } from '../../domain/webhooks/mail-webhook.aggregate.ts';
import type { MailWebhookRepository } from './mail-webhook.repository.port.ts';

/** `GET /v1/webhooks`: the account's mail webhooks. */
export class ListMailWebhooks {
  constructor(private readonly webhooks: MailWebhookRepository) {}

  execute(accountId: string): ResultAsync<readonly MailWebhookSnapshot[], never> {
    return ResultAsync.fromSafePromise(this.webhooks.ofAccounts([accountId]));
  }
}
