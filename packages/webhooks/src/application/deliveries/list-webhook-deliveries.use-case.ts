import { checkListPage, ResultAsync, type ValidationError } from '@tuma/kernel';
import type { WebhookOwner } from '../../domain/events/webhook-event.ts';
import type { WebhookDeliveryPage, WebhookDeliveryRepository } from './webhook-delivery.repository.port.ts';

export const WEBHOOK_DELIVERIES_MAX_LIMIT = 100;
export const WEBHOOK_DELIVERIES_DEFAULT_LIMIT = 20;

export interface ListWebhookDeliveriesInput {
  /** The key's account and environment: a test key sees the test events only, a live key the live ones. */
  readonly owner: WebhookOwner;
  readonly page: number;
  readonly limit: number;
}

/** `GET /api/webhooks/deliveries`: the events of the key's account and environment, newest first, each with every attempt logged. */
export class ListWebhookDeliveries {
  constructor(private readonly deliveries: WebhookDeliveryRepository) {}

  execute(input: ListWebhookDeliveriesInput): ResultAsync<WebhookDeliveryPage, ValidationError> {
    return checkListPage(input.page, input.limit, WEBHOOK_DELIVERIES_MAX_LIMIT).asyncAndThen(({ page, limit }) =>
      ResultAsync.fromSafePromise(this.deliveries.list(input.owner, page, limit)),
    );
  }
}
