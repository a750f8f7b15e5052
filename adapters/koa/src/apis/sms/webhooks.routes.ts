import type { GetWebhookConfig, RotateWebhookSecret, SendTestWebhooks, UpdateWebhookConfig } from '@tuma/messaging';
import {
  WEBHOOK_DELIVERIES_DEFAULT_LIMIT,
  WEBHOOK_DELIVERIES_MAX_LIMIT,
  WEBHOOK_URL_MAX_LENGTH,
  type ListWebhookDeliveries,
  type RedeliverWebhook,
} from '@tuma/webhooks';
import { z } from 'zod';
import { keyScopeOf } from '../../http/key-scope-of.ts';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { webhookDeliverySchema, webhookDeliveryView } from '../webhooks/delivery-views.ts';
import { webhookConfigSchema, webhookConfigView } from './webhook-views.ts';

export interface WebhookUseCases {
  readonly getWebhookConfig: GetWebhookConfig;
  readonly updateWebhookConfig: UpdateWebhookConfig;
  readonly rotateWebhookSecret: RotateWebhookSecret;
  readonly sendTestWebhooks: SendTestWebhooks;
  readonly listWebhookDeliveries: ListWebhookDeliveries;
  readonly redeliverWebhook: RedeliverWebhook;
}

/** Each key reaches the configuration, secret and deliveries log of its own environment (docs/webhooks.md, "Test and live"). */
const ACCESS = { anyScope: ['webhooks'] } as const;
const TAG = 'Webhooks';

const url = z
  .string()
  .nullable()
  .optional()
  .describe(`An http(s) URL reaching a public address (at most ${WEBHOOK_URL_MAX_LENGTH} characters); null or "" clears it; absent: unchanged`);

const updateBody = z.strictObject({ dlr_url: url, mo_url: url, is_active: z.boolean().optional() });

const REFUSED_URL = { description: 'validation_error: a URL is malformed or refused by the URL policy (details name dlr_url / mo_url and say why)' };
const eventParams = z.object({ event_id: z.string().regex(/^evt_[0-9A-Z]{26}$/, 'Must be an event id (evt_...)') });

/** The webhooks of the key's account and environment: configuration, signing secret, test events and the deliveries log (docs/webhooks.md). */
export function webhookRoutes(useCases: WebhookUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/webhooks',
      summary: 'The webhook configuration (created with a signing secret on first use)',
      tag: TAG,
      access: ACCESS,
      responses: { 200: { description: 'The configuration', schema: webhookConfigSchema } },
      handler: async ({ caller }) => json(200, webhookConfigView(unwrap(await useCases.getWebhookConfig.execute(keyScopeOf(caller))))),
    }),
    defineRoute({
      method: 'put',
      path: '/api/webhooks',
      summary: 'Change the webhook URLs or switch webhooks on or off (omitted fields unchanged)',
      tag: TAG,
      access: ACCESS,
      body: updateBody,
      responses: { 200: { description: 'Changed', schema: z.object({ status: z.literal('updated') }) }, 422: REFUSED_URL },
      handler: async ({ body, caller }) => {
        const result = await useCases.updateWebhookConfig.execute({ owner: keyScopeOf(caller), dlrUrl: body.dlr_url, moUrl: body.mo_url, isActive: body.is_active });
        unwrap(result);
        return json(200, { status: 'updated' });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/webhooks/rotate-secret',
      summary: 'Replace the signing secret; the old one stops working at once',
      tag: TAG,
      access: ACCESS,
      responses: { 200: { description: 'The new secret', schema: z.object({ signing_secret: z.string() }) } },
      handler: async ({ caller }) => {
        const { signingSecret } = unwrap(await useCases.rotateWebhookSecret.execute(keyScopeOf(caller)));
        return json(200, { signing_secret: signingSecret });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/webhooks/test',
      summary: 'Send a signed sample delivery report to dlr_url and a sample message.inbound to mo_url',
      tag: TAG,
      access: ACCESS,
      responses: {
        200: { description: 'The test events after their first attempt (failed ones are retried like any event)', schema: z.object({ events: z.array(webhookDeliverySchema) }) },
        409: { description: 'conflict: neither dlr_url nor mo_url is set' },
      },
      handler: async ({ caller }) => {
        const sent = unwrap(await useCases.sendTestWebhooks.execute(keyScopeOf(caller)));
        return json(200, { events: sent.map(webhookDeliveryView) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/webhooks/deliveries',
      summary: 'Webhook events and every attempt to deliver them, newest first',
      tag: TAG,
      access: ACCESS,
      query: z.object({
        page: z.coerce.number().int().min(0).default(0),
        limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_MAX_LIMIT).default(WEBHOOK_DELIVERIES_DEFAULT_LIMIT),
      }),
      responses: {
        200: {
          description: 'One page',
          schema: z.object({ deliveries: z.array(webhookDeliverySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
        },
      },
      handler: async ({ caller, query }) => {
        const found = unwrap(await useCases.listWebhookDeliveries.execute({ owner: keyScopeOf(caller), page: query.page, limit: query.limit }));
        return json(200, { deliveries: found.deliveries.map(webhookDeliveryView), total: found.total, page: query.page, limit: query.limit });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/webhooks/deliveries/:event_id/redeliver',
      summary: 'Deliver an event again (same id and body) to the current URL: a new series of attempts',
      tag: TAG,
      access: ACCESS,
      params: eventParams,
      responses: {
        202: { description: 'The event, its first new attempt queued', schema: webhookDeliverySchema },
        404: { description: "No such event in the account's environment" },
        409: { description: "conflict: the account has no URL for the event's kind" },
      },
      handler: async ({ caller, params }) => {
        const logged = unwrap(await useCases.redeliverWebhook.execute({ owner: keyScopeOf(caller), eventId: params.event_id }));
        return json(202, webhookDeliveryView(logged));
      },
    }),
  ];
}
