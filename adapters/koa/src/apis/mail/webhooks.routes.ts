import { MAIL_WEBHOOK_EVENTS, type MailService, type MailWebhookSnapshot } from '@tuma/mail';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { endpointDeliveryRoutes } from '../webhooks/endpoint-deliveries.routes.ts';
import { MAIL_MANAGE, MAIL_READ } from './access.ts';

export type MailWebhookUseCases = Pick<MailService, 'createWebhook' | 'listWebhooks' | 'getWebhook' | 'updateWebhook' | 'deleteWebhook' | 'listWebhookDeliveries' | 'redeliverWebhook'>;

const TAG = 'Mail webhooks';
const NOT_YOURS = { description: 'No webhook with this id in the account', errorCodes: ['not_found'] };

const webhookId = z.string().regex(/^mwh_[0-9A-Z]{26}$/, 'Must be a webhook id (mwh_...)');
const webhookParams = z.object({ id: webhookId });
const events = z.array(z.enum(MAIL_WEBHOOK_EVENTS)).min(1, 'Name at least one event').describe(`Any of ${MAIL_WEBHOOK_EVENTS.join(', ')}`);
const url = z.string().min(1).max(2048).describe('HTTPS; private, loopback and metadata addresses are refused');

export const mailWebhookBody = z.strictObject({ url, events });

const webhookSchema = z.object({
  id: z.string().describe('mwh_...'),
  url: z.string(),
  events: z.array(z.enum(MAIL_WEBHOOK_EVENTS)),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
const createdSchema = webhookSchema.extend({ secret: z.string().describe('Signs every delivery (X-SVC-Signature: sha256=<hex>); shown only here') });

export const mailWebhookView = (w: MailWebhookSnapshot): z.infer<typeof webhookSchema> => ({
  id: w.id,
  url: w.url,
  events: [...w.events],
  is_active: w.isActive,
  created_at: w.createdAt.toISOString(),
  updated_at: w.updatedAt.toISOString(),
});

/** `/v1/webhooks`: endpoints of mail events on the shared webhook engine, their deliveries log and redelivery (docs/mail.md, "Webhooks"). */
export function mailWebhookRoutes(useCases: MailWebhookUseCases): RouteDefinition[] {
  const webhooks = useCases;
  return [
    defineRoute({
      method: 'post',
      path: '/v1/webhooks',
      summary: 'Add a webhook: the events to send to a URL, signed with a secret shown once',
      tag: TAG,
      access: MAIL_MANAGE,
      body: mailWebhookBody,
      responses: {
        201: { description: 'The webhook, with its secret', schema: createdSchema },
        409: { description: 'conflict: the account has 10 webhooks', errorCodes: ['conflict'] },
      },
      handler: async ({ caller, body }) => {
        const created = unwrap(await webhooks.createWebhook.execute({ accountId: caller.account.id, url: body.url, events: body.events }));
        return json(201, { ...mailWebhookView(created), secret: created.secret });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/webhooks',
      summary: "The account's webhooks, oldest first",
      tag: TAG,
      access: MAIL_READ,
      responses: { 200: { description: 'Every webhook', schema: z.object({ data: z.array(webhookSchema) }) } },
      handler: async ({ caller }) => json(200, { data: unwrap(await webhooks.listWebhooks.execute(caller.account.id)).map(mailWebhookView) }),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/webhooks/:id',
      summary: 'A webhook',
      tag: TAG,
      access: MAIL_READ,
      params: webhookParams,
      responses: { 200: { description: 'The webhook', schema: webhookSchema }, 404: NOT_YOURS },
      handler: async ({ caller, params }) => json(200, mailWebhookView(unwrap(await webhooks.getWebhook.execute({ accountId: caller.account.id, id: params.id })))),
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/webhooks/:id',
      summary: 'Change the events, the URL or whether it is active',
      tag: TAG,
      access: MAIL_MANAGE,
      params: webhookParams,
      body: z.strictObject({ url: url.optional(), events: events.optional(), is_active: z.boolean().optional() }),
      responses: { 200: { description: 'The webhook as changed', schema: webhookSchema }, 404: NOT_YOURS },
      handler: async ({ caller, params, body }) =>
        json(200, mailWebhookView(unwrap(await webhooks.updateWebhook.execute({ accountId: caller.account.id, id: params.id, changes: { url: body.url, events: body.events, isActive: body.is_active } })))),
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/webhooks/:id',
      summary: 'Delete a webhook: its pending deliveries are not sent (the log keeps them)',
      tag: TAG,
      access: MAIL_MANAGE,
      params: webhookParams,
      responses: { 204: { description: 'Deleted' }, 404: NOT_YOURS },
      handler: async ({ caller, params }) => {
        unwrap(await webhooks.deleteWebhook.execute({ accountId: caller.account.id, id: params.id }));
        return noContent();
      },
    }),
    ...endpointDeliveryRoutes({
      tag: TAG,
      endpointId: webhookId,
      read: MAIL_READ,
      write: MAIL_MANAGE,
      notYours: NOT_YOURS,
      owner: (caller) => ownerOf(caller.account.id),
      endpoint: (caller, id) => webhooks.getWebhook.execute({ accountId: caller.account.id, id }),
      listDeliveries: useCases.listWebhookDeliveries,
      redeliver: useCases.redeliverWebhook,
    }),
  ];
}

/** Mail has no test environment: its events are the account's live ones. */
const ownerOf = (accountId: string) => ({ accountId, environment: 'live' as const });
