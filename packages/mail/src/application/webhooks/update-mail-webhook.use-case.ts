import { okAsync, ResultAsync, type Clock, type NotFoundError, type ValidationError } from '@tuma/kernel';
import type { WebhookDestinations } from '@tuma/webhooks';
import { MailWebhook, type MailWebhookChanges, type MailWebhookSnapshot } from '../../domain/webhooks/mail-webhook.aggregate.ts';
import { checkedWebhookUrl } from './checked-webhook-url.ts';
import { findMailWebhook } from './mail-webhook-lookup.ts';
import type { MailWebhookRepository } from './mail-webhook.repository.port.ts';

/** `PATCH /v1/webhooks/{id}`: URL (checked as at creation), events, paused or active. */
export class UpdateMailWebhook {
  constructor(
    private readonly webhooks: MailWebhookRepository,
    private readonly destinations: WebhookDestinations,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly id: string; readonly changes: MailWebhookChanges }): ResultAsync<MailWebhookSnapshot, NotFoundError | ValidationError> {
    const { changes } = input;
    const url: ResultAsync<string | undefined, ValidationError> = changes.url === undefined ? okAsync(undefined) : checkedWebhookUrl(this.destinations, changes.url);
    return url.andThen((checked) =>
      findMailWebhook(this.webhooks, input).andThen((found) => {
        const changed = MailWebhook.rehydrate(found).change({ ...changes, url: checked }, this.clock.now()).toSnapshot();
        return ResultAsync.fromSafePromise(this.webhooks.save(changed)).map(() => changed);
      }),
    );
  }
}
