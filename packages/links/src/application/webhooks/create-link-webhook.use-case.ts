import { conflict, err, errAsync, fieldError, ok, ResultAsync, type Clock, type ConflictError, type ValidationError } from '@tuma/kernel';
import { newSigningSecret } from '@tuma/webhooks';
import type { PlanFeatureUnavailableError } from '../../domain/plans/links-plan.ts';
import { LINK_WEBHOOKS_PER_ACCOUNT, newLinkWebhook, type LinkWebhookEventType, type LinkWebhookSnapshot } from '../../domain/webhooks/link-webhook.ts';
import type { LinkOwner } from '../link-owner.ts';
import type { DestinationCheck } from '../links/destination-check.port.ts';
import type { PlanGate } from '../plans/plan-gate.ts';
import type { LinkWebhookRepository } from './link-webhook.repository.port.ts';

export type CreateLinkWebhookError = ValidationError | ConflictError | PlanFeatureUnavailableError;

/**
 * `POST /v1/webhooks` of the links API (docs/links.md, "Webhooks"): an endpoint of click events, on
 * a plan with webhooks (403 otherwise), per account and environment, at most 10. Its URL passes the
 * engine's URL policy here (422 naming `url`) and again at every delivery; the secret is made here
 * and shown once.
 */
export class CreateLinkWebhook {
  constructor(
    private readonly webhooks: LinkWebhookRepository,
    private readonly destinations: DestinationCheck,
    private readonly gate: PlanGate,
    private readonly clock: Clock,
  ) {}

  execute(input: LinkOwner & { readonly url: string; readonly events: readonly LinkWebhookEventType[] }): ResultAsync<LinkWebhookSnapshot, CreateLinkWebhookError> {
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
}
