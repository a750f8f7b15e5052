import { LINK_WEBHOOK_EVENTS, type LinkWebhookSnapshot, type LinksService } from '@tuma/links';
import { z } from 'zod';
import { OPERATION_IDS } from '../../http/operation-ids.ts';
import { defineRoute, json, noContent, type Caller, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { LINKS_READ, LINKS_WRITE } from './access.ts';
import { endpointDeliveryRoutes } from '../webhooks/endpoint-deliveries.routes.ts';

export type LinkWebhookUseCases = Pick<LinksService, 'createLinkWebhook' | 'listLinkWebhooks' | 'getLinkWebhook' | 'deleteLinkWebhook' | 'listWebhookDeliveries' | 'redeliverWebhook'>;

const TAG = 'Link webhooks';
const NOT_YOURS = { description: 'No webhook with this id in the account (and environment)', errorCodes: ['not_found'] };
const WEBHOOK_ID = z.string().regex(/^lwh_[0-9A-Z]{26}$/, 'Must be a webhook id (lwh_...)');
const webhookParams = z.object({ id: WEBHOOK_ID });

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
  const { createLinkWebhook, listLinkWebhooks, getLinkWebhook, deleteLinkWebhook } = useCases;
  const owner = (caller: Caller) => ({ accountId: caller.account.id, environment: caller.environment });
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
        const created = unwrap(await createLinkWebhook.execute({ ...owner(caller), url: body.url, events: body.events }));
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
      handler: async ({ caller }) => json(200, unwrap(await listLinkWebhooks.execute(owner(caller))).map(webhookView)),
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
      handler: async ({ caller, params }) => json(200, webhookView(unwrap(await getLinkWebhook.execute({ ...owner(caller), id: params.id })))),
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
        unwrap(await deleteLinkWebhook.execute({ ...owner(caller), id: params.id }));
        return noContent();
      },
    }),
    ...endpointDeliveryRoutes({
      tag: TAG,
      endpointId: WEBHOOK_ID,
      read: LINKS_READ,
      write: LINKS_WRITE,
      notYours: NOT_YOURS,
      owner,
      endpoint: (caller, id) => getLinkWebhook.execute({ ...owner(caller), id }),
      listDeliveries: useCases.listWebhookDeliveries,
      redeliver: useCases.redeliverWebhook,
      operationIds: { list: OPERATION_IDS['links GET /v1/webhooks/{id}/deliveries'], redeliver: OPERATION_IDS['links POST /v1/webhooks/{id}/deliveries/{event_id}/redeliver'] },
    }),
  ];
}
