import type { Result } from '@tuma/kernel';
import { MAX_LINKS_PAGE, type CreatedLink, type CreateLinkError, type LinksService } from '@tuma/links';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { LINKS_READ, LINKS_WRITE } from './access.ts';
import { createLinkBody, createdLinkSchema, linkFieldsOf, linkSchema, linkSmsView, linkView, updateLinkBody } from './link-views.ts';

export type LinkUseCases = Pick<LinksService, 'createLink' | 'updateLink' | 'getLink' | 'listLinks' | 'deleteLink' | 'shortUrlOf'>;

const linkParams = z.object({ id: z.string().min(1).max(64) });
const NOT_FOUND = { description: 'No such link in the account (and environment)', errorCodes: ['not_found'] };
const CREATE_402 = {
  description:
    "plan_limit_reached: the plan allows no more live links this calendar month (UTC), or API requests; insufficient_balance: the wallet cannot pay the link's SMS (required, available, cost; nothing was made)",
  errorCodes: ['plan_limit_reached', 'insufficient_balance'],
  errorFields: {
    product: z.literal('links').optional(),
    tier: z.string().optional(),
    resource: z.enum(['monthly_links', 'api_monthly']).optional(),
    limit: z.number().int().optional(),
    required: z.number().optional(),
    available: z.number().optional(),
    cost: z.number().optional(),
    currency: z.string().optional(),
  },
};
const FEATURE = {
  description: 'plan_feature_unavailable: a branded domain_id on a plan without branded domains, or sms on a plan without the SMS integration (docs/links.md, "Plans"); or a key without links:write',
  errorCodes: ['plan_feature_unavailable', 'insufficient_scope'],
};
const SLUG_TAKEN = { description: 'The slug is another link’s on this domain', errorCodes: ['slug_taken'], errorFields: { slug: z.string() } };

/** `POST /v1/links`'s answer: kept with an SMS's charge (Idempotency-Key), so it is built from the outcome alone. */
const createdAnswer = (created: Result<CreatedLink, CreateLinkError>) => {
  const { link, shortUrl, sms } = unwrap(created);
  return json(201, { ...linkView(link, shortUrl), ...(sms ? { sms: linkSmsView(sms) } : {}) });
};

/** `{links_url}/v1/links`: short links of the caller's account and environment (docs/links.md, "Links"). */
export function linkRoutes(useCases: LinkUseCases): RouteDefinition[] {
  const view = async (link: Parameters<typeof linkView>[0]) => linkView(link, await useCases.shortUrlOf(link));
  return [
    defineRoute({
      method: 'post',
      path: '/v1/links',
      summary: 'Shorten a URL',
      tag: 'Links',
      access: LINKS_WRITE,
      // A link sent by SMS keeps its answer with the SMS's charge: a retry never sends twice.
      idempotent: true,
      body: createLinkBody,
      responses: {
        201: { description: 'The link; with `sms` when it was sent by SMS', schema: createdLinkSchema },
        400: { description: 'invalid_phone_number: sms.to is not a valid number; recipient_opted_out: sms.to opted out (nothing sent, no link); unroutable', errorCodes: ['invalid_phone_number', 'recipient_opted_out', 'unroutable'] },
        402: CREATE_402,
        403: FEATURE,
        409: SLUG_TAKEN,
        413: { description: 'message_too_long: the SMS needs more segments than allowed', errorCodes: ['message_too_long'] },
        503: { description: 'pricing_unavailable: the SMS cannot be priced in the wallet currency yet', errorCodes: ['pricing_unavailable'] },
      },
      handler: async ({ caller, body, idempotency }) => {
        const input = { ...linkFieldsOf(body), url: body.url, domainId: body.domain_id, sms: body.sms, apiKeyId: caller.apiKey?.id ?? null, accountId: caller.account.id, environment: caller.environment };
        return createdAnswer(await useCases.createLink.execute({ ...input, idempotency: idempotency?.answeredBy(createdAnswer) }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/links',
      summary: "The account's links, newest first",
      tag: 'Links',
      access: LINKS_READ,
      query: z.object({
        limit: z.coerce.number().int().min(1).max(MAX_LINKS_PAGE).default(50),
        offset: z.coerce.number().int().min(0).default(0),
        q: z.string().trim().min(1).max(200).optional().describe('In the slug, the URL or the title (case-insensitive)'),
        campaign_id: z.string().max(64).optional(),
        tag: z.string().max(50).optional(),
      }),
      responses: { 200: { description: 'A page of links', schema: z.object({ data: z.array(linkSchema) }) } },
      handler: async ({ caller, query }) => {
        const input = { accountId: caller.account.id, environment: caller.environment, limit: query.limit, offset: query.offset, q: query.q, campaignId: query.campaign_id, tag: query.tag };
        return json(200, { data: await Promise.all(unwrap(await useCases.listLinks.execute(input)).map(view)) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/links/:id',
      summary: 'A link',
      tag: 'Links',
      access: LINKS_READ,
      params: linkParams,
      responses: { 200: { description: 'The link', schema: linkSchema }, 404: NOT_FOUND },
      handler: async ({ caller, params }) => json(200, await view(unwrap(await useCases.getLink.execute({ accountId: caller.account.id, environment: caller.environment, id: params.id })))),
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/links/:id',
      summary: 'Change a link (the fields given; null clears)',
      tag: 'Links',
      access: LINKS_WRITE,
      params: linkParams,
      body: updateLinkBody,
      responses: { 200: { description: 'The link', schema: linkSchema }, 404: NOT_FOUND, 409: SLUG_TAKEN },
      handler: async ({ caller, params, body }) => {
        const input = { ...linkFieldsOf(body), accountId: caller.account.id, environment: caller.environment, id: params.id };
        return json(200, await view(unwrap(await useCases.updateLink.execute(input))));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/links/:id',
      summary: 'Delete a link: its short URL answers 404 from then on',
      tag: 'Links',
      access: LINKS_WRITE,
      params: linkParams,
      responses: { 204: { description: 'Deleted' }, 404: NOT_FOUND },
      handler: async ({ caller, params }) => {
        unwrap(await useCases.deleteLink.execute({ accountId: caller.account.id, environment: caller.environment, id: params.id }));
        return noContent();
      },
    }),
  ];
}
