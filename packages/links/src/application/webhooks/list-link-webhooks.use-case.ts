import { ResultAsync } from '@tuma/kernel';
import type { LinkWebhookSnapshot } from '../../domain/webhooks/link-webhook.ts';
import type { LinkOwner } from '../link-owner.ts';
import type { LinkWebhookRepository } from './link-webhook.repository.port.ts';

/** `GET /v1/webhooks` of the links API: the account's webhooks of the caller's environment. */
export class ListLinkWebhooks {
  constructor(private readonly webhooks: LinkWebhookRepository) {}

  execute(owner: LinkOwner): ResultAsync<readonly LinkWebhookSnapshot[], never> {
    return ResultAsync.fromSafePromise(this.webhooks.ofAccounts([owner.accountId])).map((all) => all.filter((webhook) => webhook.environment === owner.environment));
  }
}
