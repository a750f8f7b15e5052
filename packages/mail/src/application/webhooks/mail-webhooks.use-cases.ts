import { conflict, err, errAsync, fieldError, newId, notFound, ok, okAsync, ResultAsync, type Clock, type ConflictError, type NotFoundError, type ValidationError } from '@tuma/kernel';
import { newSigningSecret, type WebhookDestinations } from '@tuma/webhooks';
import { MailWebhook, type MailWebhookChanges, type MailWebhookSnapshot } from '../../domain/webhooks/mail-webhook.aggregate.ts';
import type { MailWebhookEventType } from '../../domain/webhooks/mail-webhook-events.ts';
import type { MailWebhookRepository } from './mail-webhook.repository.port.ts';

/** Webhooks an account may have (each event goes to every one subscribed: a cap on the fan-out). */
export const MAIL_WEBHOOKS_PER_ACCOUNT = 10;

export interface CreateMailWebhookInput {
  readonly accountId: string;
  readonly url: string;
  readonly events: readonly MailWebhookEventType[];
}

/**
 * `/v1/webhooks` (spec: Mail webhook; docs/mail.md, "Webhooks"): an account's endpoints of mail
 * events. Each URL is checked against the URL policy when set (HTTPS, no private, loopback or
 * metadata address: 422 naming `url`), and again at every delivery. The secret is made here and
 * shown once, at creation.
 */
export class MailWebhooks {
  constructor(
    private readonly webhooks: MailWebhookRepository,
    private readonly destinations: WebhookDestinations,
    private readonly clock: Clock,
  ) {}

  create(input: CreateMailWebhookInput): ResultAsync<MailWebhookSnapshot, ValidationError | ConflictError> {
    return this.checkedUrl(input.url).andThen((url) =>
      ResultAsync.fromSafePromise(this.webhooks.ofAccounts([input.accountId])).andThen((existing) => {
        if (existing.length >= MAIL_WEBHOOKS_PER_ACCOUNT) return errAsync(conflict('mail_webhook', `An account has at most ${MAIL_WEBHOOKS_PER_ACCOUNT} webhooks; delete one first`));
        const now = this.clock.now();
        const webhook = MailWebhook.create({ id: newId('mwh', now), accountId: input.accountId, url, events: input.events, secret: newSigningSecret() }, now).toSnapshot();
        return ResultAsync.fromSafePromise(this.webhooks.add(webhook)).map(() => webhook);
      }),
    );
  }

  list(accountId: string): ResultAsync<readonly MailWebhookSnapshot[], never> {
    return ResultAsync.fromSafePromise(this.webhooks.ofAccounts([accountId]));
  }

  get(accountId: string, id: string): ResultAsync<MailWebhookSnapshot, NotFoundError> {
    return ResultAsync.fromSafePromise(this.webhooks.find(accountId, id)).andThen((found) => (found ? ok(found) : err(notFound('Webhook', id))));
  }

  update(accountId: string, id: string, changes: MailWebhookChanges): ResultAsync<MailWebhookSnapshot, NotFoundError | ValidationError> {
    const url: ResultAsync<string | undefined, ValidationError> = changes.url === undefined ? okAsync(undefined) : this.checkedUrl(changes.url);
    return url.andThen((checked) =>
      this.get(accountId, id).andThen((found) => {
        const changed = MailWebhook.rehydrate(found).change({ ...changes, url: checked }, this.clock.now()).toSnapshot();
        return ResultAsync.fromSafePromise(this.webhooks.save(changed)).map(() => changed);
      }),
    );
  }

  remove(accountId: string, id: string): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.webhooks.remove(accountId, id)).andThen((removed) => (removed ? ok(undefined) : err(notFound('Webhook', id))));
  }

  private checkedUrl(raw: string): ResultAsync<string, ValidationError> {
    return ResultAsync.fromSafePromise(this.destinations.check(raw)).andThen((checked) => (checked.isOk() ? ok(checked.value.url.href) : err(fieldError('url', checked.error))));
  }
}
