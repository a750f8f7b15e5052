import { err, notFound, ok, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { MailWebhookSnapshot } from '../../domain/webhooks/mail-webhook.aggregate.ts';
import type { MailWebhookRepository } from './mail-webhook.repository.port.ts';

/** A webhook of the account; another account's is not found, as a missing one. */
export function findMailWebhook(webhooks: MailWebhookRepository, input: { readonly accountId: string; readonly id: string }): ResultAsync<MailWebhookSnapshot, NotFoundError> {
  return ResultAsync.fromSafePromise(webhooks.find(input.accountId, input.id)).andThen((found) => (found ? ok(found) : err(notFound('webhook', input.id))));
}
