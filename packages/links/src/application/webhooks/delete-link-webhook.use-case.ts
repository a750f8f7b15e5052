import { err, notFound, ok, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { LinkOwner } from '../link-owner.ts';
import type { LinkWebhookRepository } from './link-webhook.repository.port.ts';

/** Deletes a webhook of the account: its events not yet delivered are not sent (`LinkWebhookEndpoints`). */
export class DeleteLinkWebhook {
  constructor(private readonly webhooks: LinkWebhookRepository) {}

  execute(owner: LinkOwner & { readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.webhooks.remove(owner.accountId, owner.environment, owner.id)).andThen((removed) => (removed ? ok(undefined) : err(notFound('webhook', owner.id))));
  }
}
