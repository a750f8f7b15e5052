import { checkListPage, ResultAsync, type ValidationError } from '@tuma/kernel';
import type { WebhookOwner } from '../../domain/events/webhook-event.ts';
import type { WebhookProfile } from '../../domain/profiles/webhook-profile.ts';
import type { WebhookDeliveryPage, WebhookDeliveryRepository } from './webhook-delivery.repository.port.ts';

export const WEBHOOK_DELIVERIES_MAX_LIMIT = 100;
export const WEBHOOK_DELIVERIES_DEFAULT_LIMIT = 20;

export interface ListWebhookDeliveriesInput {
  /** The key's account and environment: a test key sees the test events only, a live key the live ones. */
  readonly owner: WebhookOwner;
  /** One of the owner's endpoints only (mail: a webhook's id); all of the product's by default. */
  readonly kind?: string | undefined;
  readonly page: number;
  readonly limit: number;
}

/** `GET /api/webhooks/deliveries`: the profiles' events of the key's account and environment, newest first, each with every attempt logged. */
export class ListWebhookDeliveries {
  private readonly products: readonly string[];

  /** `profiles`: the products whose events this log shows (SMS's shows two-way's too: the same endpoints and secret). */
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    profiles: readonly WebhookProfile[],
  ) {
    this.products = profiles.map((profile) => profile.name);
  }

  execute(input: ListWebhookDeliveriesInput): ResultAsync<WebhookDeliveryPage, ValidationError> {
    return checkListPage(input.page, input.limit, WEBHOOK_DELIVERIES_MAX_LIMIT).asyncAndThen(({ page, limit }) =>
      ResultAsync.fromSafePromise(this.deliveries.list({ ...input.owner, products: this.products, ...(input.kind === undefined ? {} : { kind: input.kind }) }, page, limit)),
    );
  }
}
