import { VERIFY_APP_LIMITS as L, type VerificationService, type VerifyAppChanges } from '@tuma/verification';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { verifyAppSchema, verifyAppView } from './verify-views.ts';

export type VerifyAppUseCases = Pick<VerificationService, 'createVerifyApp' | 'listVerifyApps' | 'getVerifyApp' | 'updateVerifyApp' | 'deleteVerifyApp'>;

/** Apps are account configuration, as templates: every key reads them, live keys change them. */
const READ = { anyScope: ['query', 'send'] } as const;
const WRITE = { anyScope: ['send'], liveKeysOnly: true } as const;
const NOT_YOURS = { description: 'No Verify App with this id in the account' };

const between = (range: { readonly min: number; readonly max: number }) => z.number().int().min(range.min).max(range.max);

export const verifyAppBody = z.strictObject({
  name: z.string().trim().min(L.name.min).max(L.name.max).optional(),
  brand: z.string().min(L.brand.min).max(L.brand.max).optional().describe('{{brand}} in the template'),
  template: z
    .string()
    .min(1)
    .max(L.template.max)
    .optional()
    .describe('Must contain {{code}}; may use {{brand}} and {{minutes}}; rendered, one GSM-7 segment')
    .meta({ examples: ['{{brand}}: your code is {{code}}. Valid {{minutes}} min.'] }),
  code_length: between(L.codeLength).optional().describe('Default 6'),
  ttl_seconds: between(L.ttlSeconds).optional().describe('Default 600'),
  max_check_attempts: between(L.maxCheckAttempts).optional().describe('Default 5'),
  max_sends: between(L.maxSends).optional().describe('Default 5'),
  resend_cooldown_seconds: between(L.resendCooldownSeconds).optional().describe('Default 30'),
  allowed_countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'Must be an ISO 3166-1 alpha-2 code (KE)'))
    .max(60)
    .optional()
    .describe('Empty: every routable country')
    .transform((codes) => (codes ? [...new Set(codes)] : codes)),
  sender_id: z.string().min(1).max(11).nullable().optional().describe("An approved sender ID; null: the route's default"),
});

type AppBody = z.output<typeof verifyAppBody>;

export const verifyAppChangesOf = (body: AppBody): VerifyAppChanges => ({
  name: body.name,
  brand: body.brand,
  template: body.template,
  codeLength: body.code_length,
  allowedCountries: body.allowed_countries,
  senderId: body.sender_id,
  policy: { ttlSeconds: body.ttl_seconds, maxCheckAttempts: body.max_check_attempts, maxSends: body.max_sends, resendCooldownSeconds: body.resend_cooldown_seconds },
});

const appParams = z.object({ id: z.string().regex(/^vera_[0-9A-Z]{26}$/, 'Must be a Verify App id (vera_...)') });

/** Verify Apps: `GET/POST /v1/verify/apps`, `GET/PATCH/DELETE /v1/verify/apps/{id}` (docs/verify.md, "Apps"). */
export function verifyAppRoutes(apps: VerifyAppUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/verify/apps',
      summary: "The account's Verify Apps, oldest first",
      tag: 'Verify',
      access: READ,
      responses: { 200: { description: 'Every app', schema: z.object({ apps: z.array(verifyAppSchema) }) } },
      handler: async ({ principal }) => json(200, { apps: unwrap(await apps.listVerifyApps.execute(principal.account.id)).map(verifyAppView) }),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/verify/apps',
      summary: 'Create a Verify App (settings left out take their defaults)',
      tag: 'Verify',
      access: WRITE,
      body: verifyAppBody,
      responses: { 201: { description: 'The app', schema: verifyAppSchema } },
      handler: async ({ principal, body }) => json(201, verifyAppView(unwrap(await apps.createVerifyApp.execute({ accountId: principal.account.id, changes: verifyAppChangesOf(body) })))),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/verify/apps/:id',
      summary: 'A Verify App',
      tag: 'Verify',
      access: READ,
      params: appParams,
      responses: { 200: { description: 'The app', schema: verifyAppSchema }, 404: NOT_YOURS },
      handler: async ({ principal, params }) => json(200, verifyAppView(unwrap(await apps.getVerifyApp.execute({ accountId: principal.account.id, id: params.id })))),
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/verify/apps/:id',
      summary: 'Change a Verify App (fields left out keep their values); running verifications keep their policy',
      tag: 'Verify',
      access: WRITE,
      params: appParams,
      body: verifyAppBody,
      responses: { 200: { description: 'The app as changed', schema: verifyAppSchema }, 404: NOT_YOURS },
      handler: async ({ principal, params, body }) => json(200, verifyAppView(unwrap(await apps.updateVerifyApp.execute({ accountId: principal.account.id, id: params.id, changes: verifyAppChangesOf(body) })))),
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/verify/apps/:id',
      summary: 'Delete a Verify App',
      tag: 'Verify',
      access: WRITE,
      params: appParams,
      responses: { 204: { description: 'Deleted' }, 404: NOT_YOURS },
      handler: async ({ principal, params }) => {
        unwrap(await apps.deleteVerifyApp.execute({ accountId: principal.account.id, id: params.id }));
        return noContent();
      },
    }),
  ];
}
