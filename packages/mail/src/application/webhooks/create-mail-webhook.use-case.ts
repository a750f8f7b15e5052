import { conflict, errAsync, newId, ResultAsync, type Clock, type ConflictError, type ValidationError } from '@tuma/kernel';
import { newSigningSecret, type WebhookDestinations } from '@tuma/webhooks';
import { MailWebhook, type MailWebhookSnapshot } from '../../domain/webhooks/mail-webhook.aggregate.ts';
import type { MailWebhookEventType } from '../../domain/webhooks/mail-webhook-events.ts';
import { checkedWebhookUrl } from './checked-webhook-url.ts';
import type { MailWebhookRepository } from './mail-webhook.repository.port.ts';

/** Webhooks an account may have (each event goes to every one subscribed: a cap on the fan-out). */
export const MAIL_WEBHOOKS_PER_ACCOUNT = 10;

export interface CreateMailWebhookInput {
  readonly accountId: string;
  readonly url: string;
  readonly events: readonly MailWebhookEventType[];
}

/**
 * `POST /v1/webhooks` (spec: Mail webhook; docs/mail.md, "Webhooks"): an endpoint of the account's
 * mail events. Its URL is checked against the URL policy here (422 naming `url`), and again at
 * every delivery. The secret is made here and shown once, at creation.
 */
export class CreateMailWebhook {
  constructor(
    private readonly webhooks: MailWebhookRepository,
    private readonly destinations: WebhookDestinations,
    private readonly clock: Clock,
  ) {}

  execute(input: CreateMailWebhookInput): ResultAsync<MailWebhookSnapshot, ValidationError | ConflictError> {
    return checkedWebhookUrl(this.destinations, input.url).andThen((url) =>
      ResultAsync.fromSafePromise(this.webhooks.ofAccounts([input.accountId])).andThen((existing) => {
        if (existing.length >= MAIL_WEBHOOKS_PER_ACCOUNT) return errAsync(conflict('mail_webhook', `An account has at most ${MAIL_WEBHOOKS_PER_ACCOUNT} webhooks; delete one first`));
        const now = this.clock.now();
        const webhook = MailWebhook.create({ id: newId('mwh', now), accountId: input.accountId, url, events: input.events, secret: newSigningSecret() }, now).toSnapshot();
        return ResultAsync.fromSafePromise(this.webhooks.add(webhook)).map(() => webhook);
      }),
    );
  }
}
