import { conflict, err, errAsync, fieldError, notFound, ok, ResultAsync, type Clock, type ConflictError, type NotFoundError, type ValidationError } from '@tuma/kernel';
import { newSigningSecret, type WebhookEndpoints, type WebhookEvent, type WebhookOwner } from '@tuma/webhooks';
import type { LinkEnvironment } from '../../domain/links/link.aggregate.ts';
import type { PlanFeatureUnavailableError } from '../../domain/plans/links-plan.ts';
import { LINK_WEBHOOKS_PER_ACCOUNT, newLinkWebhook, receives, type LinkWebhookEventType, type LinkWebhookSnapshot } from '../../domain/webhooks/link-webhook.ts';
import type { DestinationCheck } from '../links/destination-check.port.ts';
import type { PlanGate } from '../plans/plan-gate.ts';
import type { LinkWebhookRepository } from './link-webhook.repository.port.ts';

interface Owner {
  readonly accountId: string;
  readonly environment: LinkEnvironment;
}

/**
 * `/v1/webhooks` of the links API (docs/links.md, "Webhooks"): endpoints of click events, on a plan
 * with webhooks (403 otherwise), per account and environment, at most 10. Each URL passes the
 * engine's URL policy when set (422 naming `url`) and again at every delivery; the secret is made
 * here and shown once.
 */
export class LinkWebhooks {
  constructor(
    private readonly webhooks: LinkWebhookRepository,
    private readonly destinations: DestinationCheck,
    private readonly gate: PlanGate,
    private readonly clock: Clock,
  ) {}

  create(input: Owner & { readonly url: string; readonly events: readonly LinkWebhookEventType[] }): ResultAsync<LinkWebhookSnapshot, ValidationError | ConflictError | PlanFeatureUnavailableError> {
    return this.gate
      .mayUse(input.accountId, 'hasWebhooks')
      .andThen(() => ResultAsync.fromSafePromise(this.destinations.check(input.url)))
      .andThen((checked) => (checked.isOk() ? ok(checked.value.url.href) : err(fieldError('url', checked.error))))
      .andThen((url) =>
        ResultAsync.fromSafePromise(this.webhooks.ofAccounts([input.accountId])).andThen((existing) => {
          if (existing.filter((webhook) => webhook.environment === input.environment).length >= LINK_WEBHOOKS_PER_ACCOUNT) {
            return errAsync(conflict('link_webhook', `An account has at most ${LINK_WEBHOOKS_PER_ACCOUNT} webhooks; delete one first`));
          }
          const webhook = newLinkWebhook({ accountId: input.accountId, environment: input.environment, url, events: input.events, secret: newSigningSecret() }, this.clock.now());
          return ResultAsync.fromSafePromise(this.webhooks.add(webhook)).map(() => webhook);
        }),
      );
  }

  list(owner: Owner): ResultAsync<readonly LinkWebhookSnapshot[], never> {
    return ResultAsync.fromSafePromise(this.webhooks.ofAccounts([owner.accountId])).map((all) => all.filter((webhook) => webhook.environment === owner.environment));
  }

  get(owner: Owner & { readonly id: string }): ResultAsync<LinkWebhookSnapshot, NotFoundError> {
    return ResultAsync.fromSafePromise(this.webhooks.find(owner.accountId, owner.environment, owner.id)).andThen((found) => (found ? ok(found) : err(notFound('webhook', owner.id))));
  }

  remove(owner: Owner & { readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.webhooks.remove(owner.accountId, owner.environment, owner.id)).andThen((removed) => (removed ? ok(undefined) : err(notFound('webhook', owner.id))));
  }
}

/**
 * The links' side of the webhook engine (as mail's): an event's kind is the id of the webhook it
 * goes to, signed with that webhook's secret; a deleted webhook's events are not sent.
 */
export class LinkWebhookEndpoints implements WebhookEndpoints {
  constructor(private readonly webhooks: LinkWebhookRepository) {}

  async destinationsOf(events: readonly WebhookEvent[]): Promise<readonly (string | null)[]> {
    const webhooks = new Map((await this.webhooks.ofAccounts([...new Set(events.map((event) => event.accountId))])).map((webhook) => [webhook.id, webhook]));
    return events.map((event) => {
      const webhook = webhooks.get(event.kind);
      return webhook && webhook.accountId === event.accountId && webhook.environment === event.environment && receives(webhook, event.type) ? webhook.url : null;
    });
  }

  async signingSecret(endpoint: WebhookOwner & { readonly kind: string }): Promise<string | undefined> {
    return (await this.webhooks.find(endpoint.accountId, endpoint.environment, endpoint.kind))?.secret;
  }

  async redeliveryUrl(owner: WebhookOwner, kind: string): Promise<{ readonly url: string } | { readonly missing: string }> {
    const webhook = await this.webhooks.find(owner.accountId, owner.environment, kind);
    return webhook ? { url: webhook.url } : { missing: `Webhook ${kind} was deleted` };
  }
}
