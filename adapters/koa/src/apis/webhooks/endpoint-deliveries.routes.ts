import type { ResultAsync } from '@tuma/kernel';
import { WEBHOOK_DELIVERIES_DEFAULT_LIMIT, WEBHOOK_DELIVERIES_MAX_LIMIT, type ListWebhookDeliveries, type RedeliverWebhook, type WebhookOwner } from '@tuma/webhooks';
import { z } from 'zod';
import type { AppError } from '../../http/domain-error-status.ts';
import { defineRoute, json, type Caller, type KeyOrSessionAccess, type RouteDefinition, type RouteResponse } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { webhookDeliverySchema, webhookDeliveryView } from './delivery-views.ts';

/** A product whose webhooks are endpoints of their own (mail, links): each one's log of deliveries on the shared engine. */
export interface EndpointDeliveries {
  readonly tag: string;
  /** The endpoint id's pattern (`mwh_...`, `lwh_...`). */
  readonly endpointId: z.ZodString;
  readonly read: KeyOrSessionAccess;
  readonly write: KeyOrSessionAccess;
  readonly notYours: RouteResponse;
  /** Whose events the caller sees. */
  readonly owner: (caller: Caller) => WebhookOwner;
  /** The caller's endpoint (its refusal, a 404, when it is not theirs). */
  readonly endpoint: (caller: Caller, id: string) => ResultAsync<unknown, AppError>;
  readonly listDeliveries: Pick<ListWebhookDeliveries, 'execute'>;
  readonly redeliver: Pick<RedeliverWebhook, 'execute'>;
  /** Operation ids where the paths are another API's too (links and mail both serve `/v1/webhooks`). */
  readonly operationIds?: { readonly list: string | undefined; readonly redeliver: string | undefined };
}

/** `GET /v1/webhooks/{id}/deliveries` and `POST .../{event_id}/redeliver` of one product's webhooks (docs/webhooks.md). */
export function endpointDeliveryRoutes(product: EndpointDeliveries): RouteDefinition[] {
  const params = z.object({ id: product.endpointId });
  return [
    defineRoute({
      method: 'get',
      path: '/v1/webhooks/:id/deliveries',
      operationId: product.operationIds?.list,
      summary: "The webhook's events and every attempt to deliver them, newest first",
      tag: product.tag,
      access: product.read,
      params,
      query: z.object({
        page: z.coerce.number().int().min(0).default(0),
        limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_MAX_LIMIT).default(WEBHOOK_DELIVERIES_DEFAULT_LIMIT),
      }),
      responses: {
        200: { description: 'One page', schema: z.object({ deliveries: z.array(webhookDeliverySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }) },
        404: product.notYours,
      },
      handler: async ({ caller, params, query }) => {
        unwrap(await product.endpoint(caller, params.id));
        const found = unwrap(await product.listDeliveries.execute({ owner: product.owner(caller), kind: params.id, page: query.page, limit: query.limit }));
        return json(200, { deliveries: found.deliveries.map(webhookDeliveryView), total: found.total, page: query.page, limit: query.limit });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/webhooks/:id/deliveries/:event_id/redeliver',
      operationId: product.operationIds?.redeliver,
      summary: 'Deliver an event again (same X-SVC-Delivery-ID and body) to the webhook: a new series of attempts',
      tag: product.tag,
      access: product.write,
      params: params.extend({ event_id: z.string().regex(/^evt_[0-9A-Z]{26}$/, 'Must be an event id (evt_...)') }),
      responses: { 202: { description: 'The event, its first new attempt queued', schema: webhookDeliverySchema }, 404: { description: 'No such event of this webhook in the account' } },
      handler: async ({ caller, params }) => json(202, webhookDeliveryView(unwrap(await product.redeliver.execute({ owner: product.owner(caller), eventId: params.event_id, kind: params.id })))),
    }),
  ];
}
