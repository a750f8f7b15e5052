import {
  OPT_OUT_LIST_DEFAULT_LIMIT,
  OPT_OUT_LIST_MAX_LIMIT,
  OPT_OUT_SOURCES,
  type AddOptOut,
  type ListOptOuts,
  type OptOut,
  type RemoveOptOut,
} from '@tuma/messaging';
import { z } from 'zod';
import { located } from '../../http/located.ts';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';

export interface OptOutUseCases {
  readonly listOptOuts: ListOptOuts;
  readonly addOptOut: AddOptOut;
  readonly removeOptOut: RemoveOptOut;
}

const optOutSchema = z.object({
  phone: z.string().describe('E.164'),
  source: z.enum(OPT_OUT_SOURCES).describe('sms: the recipient texted a STOP keyword; api: added through the API'),
  keyword: z.string().nullable().describe('The STOP keyword texted (upper case); null for api'),
  created_at: z.string(),
});

const stateSchema = z.object({ phone: z.string().describe('E.164'), opted_out: z.boolean() });

export const optOutView = (optOut: OptOut): z.infer<typeof optOutSchema> => ({
  phone: optOut.phone,
  source: optOut.source,
  keyword: optOut.keyword,
  created_at: optOut.createdAt.toISOString(),
});

/** The opt-out list is real people's consent for live sends: live keys only (docs/decisions.md). */
const READ = { anyScope: ['query', 'send'], liveKeysOnly: true } as const;
const WRITE = { anyScope: ['send'], liveKeysOnly: true } as const;
const INVALID_NUMBER = { description: 'invalid_phone_number: not a number in international format (details name the field)' };

/** The account's opt-out (STOP) list: `GET/POST /api/opt-outs`, `DELETE /api/opt-outs/{phone}`. */
export function optOutRoutes(useCases: OptOutUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/opt-outs',
      summary: 'The opt-out list, newest first',
      tag: 'Opt-outs',
      access: READ,
      query: z.object({ limit: z.coerce.number().int().min(1).max(OPT_OUT_LIST_MAX_LIMIT).default(OPT_OUT_LIST_DEFAULT_LIMIT) }),
      responses: { 200: { description: 'At most `limit` entries', schema: z.object({ opt_outs: z.array(optOutSchema) }) } },
      handler: async ({ principal, query }) => {
        const optOuts = unwrap(await useCases.listOptOuts.execute({ accountId: principal.account.id, limit: query.limit }));
        return json(200, { opt_outs: optOuts.map(optOutView) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/opt-outs',
      summary: 'Put a number on the opt-out list (idempotent: a listed number keeps its first entry)',
      tag: 'Opt-outs',
      access: WRITE,
      body: z.strictObject({ phone: z.string().describe('International format with the country code (+254..., 00254...)').meta({ examples: ['+254712345678'] }) }),
      responses: { 201: { description: 'The number is on the list (also when it already was)', schema: stateSchema }, 400: INVALID_NUMBER },
      handler: async ({ principal, body }) => {
        const result = await useCases.addOptOut.execute({ accountId: principal.account.id, phone: body.phone });
        const { optOut } = unwrap(result.mapErr(located('body')));
        return json(201, { phone: optOut.phone, opted_out: true });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/opt-outs/:phone',
      summary: 'Take a number off the opt-out list (idempotent)',
      tag: 'Opt-outs',
      access: WRITE,
      params: z.object({ phone: z.string().min(1).max(64).describe('E.164, URL-encoded (%2B254...); the + may be left out') }),
      responses: { 200: { description: 'The number is not on the list (also when it was not before)', schema: stateSchema }, 400: INVALID_NUMBER },
      handler: async ({ principal, params }) => {
        const result = await useCases.removeOptOut.execute({ accountId: principal.account.id, phone: params.phone });
        const { phone } = unwrap(result.mapErr(located('path')));
        return json(200, { phone, opted_out: false });
      },
    }),
  ];
}
