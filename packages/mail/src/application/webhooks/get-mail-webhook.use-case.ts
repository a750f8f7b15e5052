import type { NotFoundError, ResultAsync } from '@tuma/kernel';
import type { MailWebhookSnapshot } from '../../domain/webhooks/mail-webhook.aggregate.ts';
import { findMailWebhook } from './mail-webhook-lookup.ts';
import type { MailWebhookRepository } from './mail-webhook.repository.port.ts';

/** `GET /v1/webhooks/{id}`: a webhook of the account. */
export class GetMailWebhook {
  constructor(private readonly webhooks: MailWebhookRepository) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<MailWebhookSnapshot, NotFoundError> {
    return findMailWebhook(this.webhooks, input);
  }
}
