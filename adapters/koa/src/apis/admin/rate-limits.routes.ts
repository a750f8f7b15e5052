import type { AccountRateLimit, GetAccountRateLimit, SetAccountRateLimit } from '@tuma/rate-limits';
import { z } from 'zod';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';

export interface AdminRateLimitUseCases {
  readonly getAccountRateLimit: GetAccountRateLimit;
  readonly setAccountRateLimit: SetAccountRateLimit;
}

const rateLimitSchema = z.object({
  account_id: z.string(),
  per_second: z.int().describe('Requests per second each key of the account sustains'),
  burst: z.int().describe('Most requests in one second while the burst allowance (burst - per_second per 10 s) lasts'),
  is_default: z.boolean().describe('true when the account has no limit of its own'),
});

export const rateLimitView = (limit: AccountRateLimit): z.infer<typeof rateLimitSchema> => ({
  account_id: limit.accountId,
  per_second: limit.policy.perSecond,
  burst: limit.policy.burst,
  is_default: limit.isDefault,
});

export const rateLimitBody = z.strictObject({
  per_second: z.int().min(1).describe('Requests per second sustained'),
  burst: z.int().min(1).optional().describe('Most requests in one second (at least per_second; default per_second: no burst)'),
});

const ADMIN = { anyScope: ['admin'] } as const;
const PATH = '/api/admin/accounts/:id/rate-limit';
const params = z.object({ id: z.string().min(1).max(64) });
const responses = { 200: { description: "The account's rate limit", schema: rateLimitSchema }, 404: { description: 'No such account' } };

/** The operator's per-account rate limits (every API process applies a change within seconds). */
export function adminRateLimitRoutes(useCases: AdminRateLimitUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: PATH,
      aliases: alsoUnderV1(PATH),
      summary: "Read an account's request rate limit",
      tag: 'Admin',
      access: ADMIN,
      params,
      responses,
      handler: async ({ params }) => json(200, rateLimitView(unwrap(await useCases.getAccountRateLimit.execute({ accountId: params.id })))),
    }),
    defineRoute({
      method: 'put',
      path: PATH,
      aliases: alsoUnderV1(PATH),
      summary: "Set an account's request rate limit (each of its keys)",
      tag: 'Admin',
      access: ADMIN,
      params,
      body: rateLimitBody,
      responses,
      handler: async ({ params, body }) =>
        json(200, rateLimitView(unwrap(await useCases.setAccountRateLimit.execute({ accountId: params.id, perSecond: body.per_second, burst: body.burst })))),
    }),
    defineRoute({
      method: 'delete',
      path: PATH,
      aliases: alsoUnderV1(PATH),
      summary: "Put an account's request rate limit back to the default",
      tag: 'Admin',
      access: ADMIN,
      params,
      responses,
      handler: async ({ params }) =>
        json(200, rateLimitView(unwrap(await useCases.setAccountRateLimit.execute({ accountId: params.id, useDefault: true })))),
    }),
  ];
}
