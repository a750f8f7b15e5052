import { err, notFound, ok, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { MailWebhookRepository } from './mail-webhook.repository.port.ts';

/** `DELETE /v1/webhooks/{id}`: its events not yet delivered are not sent (`MailWebhookEndpoints`). */
export class DeleteMailWebhook {
  constructor(private readonly webhooks: MailWebhookRepository) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.webhooks.remove(input.accountId, input.id)).andThen((removed) => (removed ? ok(undefined) : err(notFound('webhook', input.id))));
  }
}
