import { LINK_WEBHOOK_EVENTS, type LinkWebhookSnapshot, type LinksService } from '@tuma/links';
import { WEBHOOK_DELIVERIES_DEFAULT_LIMIT, WEBHOOK_DELIVERIES_MAX_LIMIT } from '@tuma/webhooks';
import { z } from 'zod';
import { inBody } from '../http/in-body.ts';
import { OPERATION_IDS } from '../http/operation-ids.ts';
import { defineRoute, json, noContent, type RouteDefinition } from '../http/route.ts';
import { unwrap } from '../http/unwrap.ts';
import { LINKS_READ, LINKS_WRITE } from './links-access.ts';
import { webhookDeliverySchema, webhookDeliveryView } from './webhook-views.ts';

export type LinkWebhookUseCases = Pick<LinksService, 'linkWebhooks' | 'listWebhookDeliveries' | 'redeliverWebhook'>;

const TAG = 'Link webhooks';
const NOT_YOURS = { description: 'No webhook with this id in the account (and environment)', errorCodes: ['not_found'] };
const webhookParams = z.object({ id: z.string().regex(/^lwh_[0-9A-Z]{26}$/, 'Must be a webhook id (lwh_...)') });

/** The body of `POST /v1/webhooks` (the console's form is checked by it too). */
export const linkWebhookBody = z.strictObject({
  url: z.string().min(1).max(2048).describe('HTTPS; private, loopback and metadata addresses are refused'),
  events: z.array(z.enum(LINK_WEBHOOK_EVENTS)).min(1, 'Name at least one event').describe(`Any of ${LINK_WEBHOOK_EVENTS.join(', ')}`),
});

const webhookSchema = z.object({
  id: z.string().describe('lwh_...'),
  url: z.string(),
  events: z.array(z.enum(LINK_WEBHOOK_EVENTS)),
  is_active: z.boolean(),
  created_at: z.string(),
});
const createdSchema = webhookSchema.extend({ secret: z.string().describe('Signs every delivery (X-SVC-Signature: sha256=<hex>); shown only here') });

const webhookView = (w: LinkWebhookSnapshot): z.infer<typeof webhookSchema> => ({ id: w.id, url: w.url, events: [...w.events], is_active: w.isActive, created_at: w.createdAt.toISOString() });

/** `{links_url}/v1/webhooks`: click webhooks on the shared engine, their deliveries log and redelivery (docs/links.md, "Webhooks"). */
export function linkWebhookRoutes(useCases: LinkWebhookUseCases): RouteDefinition[] {
  const { linkWebhooks } = useCases;
  const owner = (caller: { account: { id: string }; environment: 'live' | 'test' }) => ({ accountId: caller.account.id, environment: caller.environment });
  return [
    defineRoute({
      method: 'post',
      path: '/v1/webhooks',
      operationId: OPERATION_IDS['links POST /v1/webhooks'],
      summary: 'Add a webhook: link.clicked events of the caller’s environment, signed with a secret shown once',
      tag: TAG,
      access: LINKS_WRITE,
      body: linkWebhookBody,
      responses: {
        201: { description: 'The webhook, with its secret', schema: createdSchema },
        403: { description: 'plan_feature_unavailable: the plan has no webhooks (or the key lacks links:write)', errorCodes: ['plan_feature_unavailable', 'insufficient_scope'] },
        409: { description: 'conflict: the account has 10 webhooks in this environment', errorCodes: ['conflict'] },
      },
      handler: async ({ caller, body }) => {
        const created = unwrap((await linkWebhooks.create({ ...owner(caller), url: body.url, events: body.events })).mapErr(inBody));
        return json(201, { ...webhookView(created), secret: created.secret });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/webhooks',
      operationId: OPERATION_IDS['links GET /v1/webhooks'],
      summary: "The account's webhooks of the caller's environment, oldest first",
      tag: TAG,
      access: LINKS_READ,
      responses: { 200: { description: 'Every webhook', schema: z.array(webhookSchema) } },
      handler: async ({ caller }) => json(200, unwrap(await linkWebhooks.list(owner(caller))).map(webhookView)),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/webhooks/:id',
      operationId: OPERATION_IDS['links GET /v1/webhooks/{id}'],
      summary: 'A webhook',
      tag: TAG,
      access: LINKS_READ,
      params: webhookParams,
      responses: { 200: { description: 'The webhook', schema: webhookSchema }, 404: NOT_YOURS },
      handler: async ({ caller, params }) => json(200, webhookView(unwrap(await linkWebhooks.get({ ...owner(caller), id: params.id })))),
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/webhooks/:id',
      operationId: OPERATION_IDS['links DELETE /v1/webhooks/{id}'],
      summary: 'Delete a webhook: its pending deliveries are not sent (the log keeps them)',
      tag: TAG,
      access: LINKS_WRITE,
      params: webhookParams,
      responses: { 204: { description: 'Deleted' }, 404: NOT_YOURS },
      handler: async ({ caller, params }) => {
        unwrap(await linkWebhooks.remove({ ...owner(caller), id: params.id }));
        return noContent();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/webhooks/:id/deliveries',
      operationId: OPERATION_IDS['links GET /v1/webhooks/{id}/deliveries'],
      summary: "The webhook's events and every attempt to deliver them, newest first",
      tag: TAG,
      access: LINKS_READ,
      params: webhookParams,
      query: z.object({
        page: z.coerce.number().int().min(0).default(0),
        limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_MAX_LIMIT).default(WEBHOOK_DELIVERIES_DEFAULT_LIMIT),
      }),
      responses: {
        200: { description: 'One page', schema: z.object({ deliveries: z.array(webhookDeliverySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }) },
        404: NOT_YOURS,
      },
      handler: async ({ caller, params, query }) => {
        unwrap(await linkWebhooks.get({ ...owner(caller), id: params.id }));
        const found = unwrap(await useCases.listWebhookDeliveries.execute({ owner: owner(caller), kind: params.id, page: query.page, limit: query.limit }));
        return json(200, { deliveries: found.deliveries.map(webhookDeliveryView), total: found.total, page: query.page, limit: query.limit });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/webhooks/:id/deliveries/:event_id/redeliver',
      operationId: OPERATION_IDS['links POST /v1/webhooks/{id}/deliveries/{event_id}/redeliver'],
      summary: 'Deliver an event again (same X-SVC-Delivery-ID and body) to the webhook: a new series of attempts',
      tag: TAG,
      access: LINKS_WRITE,
      params: webhookParams.extend({ event_id: z.string().regex(/^evt_[0-9A-Z]{26}$/, 'Must be an event id (evt_...)') }),
      responses: { 202: { description: 'The event, its first new attempt queued', schema: webhookDeliverySchema }, 404: { description: 'No such event of this webhook in the account' } },
      handler: async ({ caller, params }) => json(202, webhookDeliveryView(unwrap(await useCases.redeliverWebhook.execute({ owner: owner(caller), eventId: params.event_id, kind: params.id })))),
    }),
  ];
}
