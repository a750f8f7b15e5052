import { err, notFound, ok, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { LinkWebhookSnapshot } from '../../domain/webhooks/link-webhook.ts';
import type { LinkOwner } from '../link-owner.ts';
import type { LinkWebhookRepository } from './link-webhook.repository.port.ts';

/** A webhook of the account in the caller's environment; another account's is not found. */
export class GetLinkWebhook {
  constructor(private readonly webhooks: LinkWebhookRepository) {}

  execute(owner: LinkOwner & { readonly id: string }): ResultAsync<LinkWebhookSnapshot, NotFoundError> {
    return ResultAsync.fromSafePromise(this.webhooks.find(owner.accountId, owner.environment, owner.id)).andThen((found) => (found ? ok(found) : err(notFound('webhook', owner.id))));
  }
}
