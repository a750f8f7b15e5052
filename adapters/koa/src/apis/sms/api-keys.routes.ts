import { API_SCOPES, KEY_ENVIRONMENTS, type IssueApiKey, type ListApiKeys, type RevokeApiKey } from '@tuma/accounts';
import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { issuedKeySchema, issuedKeyView, keySchema, keyView } from './api-key-views.ts';

export interface ApiKeyUseCases {
  readonly listApiKeys: ListApiKeys;
  readonly issueApiKey: IssueApiKey;
  readonly revokeApiKey: RevokeApiKey;
}

const TAG = 'Keys';
/** Keys send and spend: the members who build with the API manage them; viewers only read the data. */
const KEY_MANAGERS = { session: true, roles: ['owner', 'admin', 'developer'] } as const;

/** The dashboard's developer section: the signed-in member's account's keys (docs/accounts.md, "Dashboard keys"). */
export function apiKeyRoutes(useCases: ApiKeyUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/keys',
      summary: "The account's API keys, revoked ones too, newest first (never their secrets)",
      tag: TAG,
      access: KEY_MANAGERS,
      responses: { 200: { description: 'The keys', schema: z.object({ data: z.array(keySchema) }) } },
      handler: async ({ member }) => json(200, { data: unwrap(await useCases.listApiKeys.execute({ accountId: member.accountId, kind: 'customer', includeRevoked: true })).map(keyView) }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/keys',
      summary: 'Create a key (svc_live_ or svc_test_); the full key is shown once. A live key waits for the account email to be verified',
      tag: TAG,
      access: KEY_MANAGERS,
      body: z.strictObject({
        environment: z.enum(KEY_ENVIRONMENTS),
        scopes: z.array(z.enum(API_SCOPES)).min(1).max(8).optional().describe('Default send, query, webhooks; two_way only on request'),
        name: z.string().min(1).max(120).optional(),
      }),
      responses: {
        201: { description: 'The key, with its secret (shown only here)', schema: issuedKeySchema },
        403: { description: 'insufficient_role (viewers), or email_not_verified: a live key waits for the account email to be verified', errorCodes: ['insufficient_role', 'email_not_verified'] },
      },
      handler: async ({ member, body }) => {
        const issued = unwrap(await useCases.issueApiKey.execute({ accountId: member.accountId, ...body }));
        return json(201, issuedKeyView(issued.apiKey, issued.plaintext));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/keys/:id',
      summary: 'Revoke a key of the account at once (every process refuses it from the next request)',
      tag: TAG,
      access: KEY_MANAGERS,
      params: z.object({ id: z.string().min(1).max(64) }),
      responses: { 200: { description: 'The revoked key', schema: keySchema }, 404: { description: 'No such key of this account' } },
      handler: async ({ member, params }) => json(200, keyView(unwrap(await useCases.revokeApiKey.execute({ keyId: params.id, accountId: member.accountId })))),
    }),
  ];
}
