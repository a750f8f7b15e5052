import type { Clock } from '@tuma/kernel';
import type { WebhookOutbox } from '@tuma/webhooks';
import type { WebhookEvent } from '../../domain/events/webhook-event.ts';
import { destinationOf } from '../../domain/webhooks/webhook-config.aggregate.ts';
import { webhookConfigOf } from './webhook-config-of.ts';
import type { WebhookConfigRepository } from './webhook-config.repository.port.ts';

/**
 * Publishes the `message.inbound` of a claimed message (a two-way short code) on its product's
 * outbox: to the URL the product names, signed with the account's SMS signing secret (a
 * configuration, and so a secret, is created on first use), or, without one, to the account's
 * `mo_url`; nowhere while the account's webhooks are off. Inside the caller's unit of work, as every event.
 */
export class ClaimedEventPublisher {
  constructor(
    private readonly configs: WebhookConfigRepository,
    private readonly outbox: WebhookOutbox,
    private readonly clock: Clock,
  ) {}

  async publish(event: WebhookEvent, url: string | null): Promise<void> {
    const config = await webhookConfigOf(this.configs, { accountId: event.accountId, environment: event.environment }, this.clock.now());
    const destination = config.isActive ? (url ?? destinationOf(config, event.kind)) : null;
    if (destination) await this.outbox.store([{ event, url: destination }]);
  }
}
