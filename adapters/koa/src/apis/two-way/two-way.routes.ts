import { KEYWORD_MAX_LENGTH, SERVICE_MESSAGES_DEFAULT_LIMIT, SERVICE_MESSAGES_MAX_LIMIT, SERVICE_TYPES, type TwoWay } from '@tuma/two-way';
import { z } from 'zod';
import { positiveIdParam } from '../../http/id-param.ts';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { keywordCheckSchema, keywordCheckView, replySchema, replyView, twoWayMessageSchema, twoWayMessageView, twoWayPricingEntryView, twoWayPricingSchema, twoWayServiceSchema, twoWayServiceView } from './two-way-views.ts';

export type TwoWayUseCases = Pick<TwoWay, 'listPricing' | 'requestService' | 'checkKeyword' | 'getService' | 'listServices' | 'updateService' | 'cancelService' | 'reply' | 'listServiceMessages'>;

/** Authentication 3 of the spec, to the letter: reads take two_way or query; requesting and changing services take two_way. */
const READ = { anyScope: ['two_way', 'query'] } as const;
const WRITE = { anyScope: ['two_way'] } as const;
const REPLY = { anyScope: ['two_way', 'send'] } as const;
const SCOPE = { description: 'The key lacks the scope (insufficient_scope), or the account is suspended (account_suspended)' };
const NOT_YOURS = { description: 'No service with this id in the account' };
const NOT_NOW = { description: 'The service is rejected or cancelled (service_state_conflict)' };

/** Every path is served under /api/two-way/ and /v1/two-way/ alike. */
const path = (p: string) => ({ path: `/api/two-way${p}`, aliases: alsoUnderV1(`/api/two-way${p}`) });
const idParams = z.object({ id: positiveIdParam('service id') });
const TAG = 'Two-way SMS';

export const twoWayRequestBody = z.strictObject({
  country_code: z.string().min(2).max(8).describe('A country where is_available is true'),
  type: z.enum(SERVICE_TYPES),
  keyword: z.string().max(64).nullable().optional().describe(`Required for shared: one word of letters and digits, at most ${KEYWORD_MAX_LENGTH}; case-insensitive`),
  toll_free: z.boolean().optional().describe('Default false; only where toll_free_available'),
  use_case: z.string().max(1000),
  company_name: z.string().max(1000),
  kyc_document_urls: z.array(z.string().max(2048)).max(20).describe('https:// URLs of the KYC documents'),
  webhook_url: z.string().max(2048).nullable().optional().describe('HTTPS and publicly reachable; null or absent: the account mo_url'),
});

export const twoWayPatchBody = z.strictObject({
  webhook_url: z.string().max(2048).nullable().optional(),
  auto_reply_text: z.string().max(1000).optional(),
  auto_reply_enabled: z.boolean().optional(),
  forward_email: z.string().max(254).nullable().optional(),
});

export const twoWayReplyBody = z.strictObject({
  to: z.string().min(1).max(64).describe("International format, in the service's country"),
  text: z.string().min(1).max(1600).describe('160 GSM-7 or 70 Unicode characters per segment'),
});

/** The customer's Two-Way SMS: public pricing, services, keyword checks (docs/two-way.md). */
export function twoWayRoutes(useCases: TwoWayUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      ...path('/pricing'),
      summary: 'Short-code fees and per-SMS prices of every market (public, cacheable for 5 minutes)',
      tag: TAG,
      access: { public: true },
      responses: { 200: { description: 'All 54 markets', schema: twoWayPricingSchema } },
      handler: async () =>
        json(200, { currency: 'USD', countries: unwrap(await useCases.listPricing.execute()).map(twoWayPricingEntryView) }, { 'Cache-Control': 'public, max-age=300' }),
    }),
    defineRoute({
      method: 'get',
      ...path('/services'),
      summary: "The caller's services, newest first",
      tag: TAG,
      access: READ,
      responses: { 200: { description: 'Every service of the account', schema: z.object({ services: z.array(twoWayServiceSchema) }) }, 403: SCOPE },
      handler: async ({ principal }) => json(200, { services: unwrap(await useCases.listServices.execute(principal.account.id)).map(twoWayServiceView) }),
    }),
    defineRoute({
      method: 'post',
      ...path('/services'),
      summary: 'Request a short-code service: pending, number null, nothing charged until the operator approves',
      tag: TAG,
      access: WRITE,
      body: twoWayRequestBody,
      responses: {
        201: { description: 'The pending service', schema: twoWayServiceSchema },
        403: SCOPE,
        409: { description: 'The keyword is held on the shared code of the country (keyword_taken)', errorCodes: ['keyword_taken'] },
      },
      handler: async ({ principal, body }) => {
        const result = await useCases.requestService.execute({
          accountId: principal.account.id,
          countryCode: body.country_code,
          type: body.type,
          keyword: body.keyword,
          tollFree: body.toll_free,
          useCase: body.use_case,
          companyName: body.company_name,
          kycDocumentUrls: body.kyc_document_urls,
          webhookUrl: body.webhook_url,
        });
        return json(201, twoWayServiceView(unwrap(result)));
      },
    }),
    defineRoute({
      method: 'get',
      ...path('/services/:id'),
      summary: 'One of the caller’s services',
      tag: TAG,
      access: READ,
      params: idParams,
      responses: { 200: { description: 'The service', schema: twoWayServiceSchema }, 403: SCOPE, 404: NOT_YOURS },
      handler: async ({ principal, params }) => json(200, twoWayServiceView(unwrap(await useCases.getService.execute({ accountId: principal.account.id, id: params.id })))),
    }),
    defineRoute({
      method: 'patch',
      ...path('/services/:id'),
      summary: 'Change the webhook URL, the auto-reply or the forwarding address; send only the fields to change',
      tag: TAG,
      access: WRITE,
      params: idParams,
      body: twoWayPatchBody,
      responses: { 200: { description: 'The service as changed', schema: twoWayServiceSchema }, 403: SCOPE, 404: NOT_YOURS, 409: NOT_NOW },
      handler: async ({ principal, params, body }) => {
        const result = await useCases.updateService.execute({
          accountId: principal.account.id,
          id: params.id,
          webhookUrl: body.webhook_url,
          autoReplyText: body.auto_reply_text,
          autoReplyEnabled: body.auto_reply_enabled,
          forwardEmail: body.forward_email,
        });
        return json(200, twoWayServiceView(unwrap(result)));
      },
    }),
    defineRoute({
      method: 'post',
      ...path('/services/:id/cancel'),
      summary: 'Cancel a service: monthly charges stop, the short code or keyword is released at once (nothing is refunded)',
      tag: TAG,
      access: WRITE,
      params: idParams,
      responses: { 200: { description: 'The cancelled service', schema: twoWayServiceSchema }, 403: SCOPE, 404: NOT_YOURS, 409: NOT_NOW },
      handler: async ({ principal, params }) => json(200, twoWayServiceView(unwrap(await useCases.cancelService.execute({ accountId: principal.account.id, id: params.id })))),
    }),
    defineRoute({
      method: 'get',
      ...path('/services/:id/messages'),
      summary: "The service's messages both ways, newest first: every inbound one (also while suspended or unbilled) and every reply",
      tag: TAG,
      access: READ,
      params: idParams,
      query: z.object({ limit: z.coerce.number().int().min(1).max(SERVICE_MESSAGES_MAX_LIMIT).default(SERVICE_MESSAGES_DEFAULT_LIMIT) }),
      responses: { 200: { description: 'At most `limit` messages and how many there are', schema: z.object({ messages: z.array(twoWayMessageSchema), total: z.number().int() }) }, 403: SCOPE, 404: NOT_YOURS },
      handler: async ({ principal, params, query }) => {
        const page = unwrap(await useCases.listServiceMessages.execute({ accountId: principal.account.id, id: params.id, limit: query.limit }));
        return json(200, { messages: page.messages.map(twoWayMessageView), total: page.total });
      },
    }),
    defineRoute({
      method: 'post',
      ...path('/services/:id/reply'),
      summary: "Send from the service's short code to a number of its country, billed per segment at the service's outbound rate",
      tag: TAG,
      access: REPLY,
      params: idParams,
      body: twoWayReplyBody,
      responses: {
        200: { description: 'Accepted: charged and on its way; delivery reports go to dlr_url', schema: replySchema },
        400: { description: "`to` is no number, not in the service's country (unroutable) or opted out (recipient_opted_out)", errorCodes: ['invalid_phone_number', 'unroutable', 'recipient_opted_out'] },
        402: { description: 'The wallet cannot pay (required, available, cost)' },
        403: SCOPE,
        404: NOT_YOURS,
        409: { description: 'The service is not active (service_not_active), or the same text went to the number in the last 5 minutes', errorCodes: ['service_not_active', 'duplicate_message'] },
      },
      handler: async ({ principal, params, body }) => {
        const result = await useCases.reply.execute({
          accountId: principal.account.id,
          id: params.id,
          to: body.to,
          text: body.text,
          environment: principal.apiKey.environment,
          apiKeyId: principal.apiKey.id,
        });
        return json(200, replyView(unwrap(result)));
      },
    }),
    defineRoute({
      method: 'get',
      ...path('/keywords/check'),
      summary: 'Whether a keyword can be requested on the shared short code of a country now',
      tag: TAG,
      access: READ,
      query: z.object({ keyword: z.string().min(1).max(64), country_code: z.string().min(2).max(8) }),
      responses: { 200: { description: 'The keyword as it would be held, and why it is not available', schema: keywordCheckSchema }, 403: SCOPE },
      handler: async ({ query }) => json(200, keywordCheckView(unwrap(await useCases.checkKeyword.execute({ keyword: query.keyword, countryCode: query.country_code })))),
    }),
  ];
}
