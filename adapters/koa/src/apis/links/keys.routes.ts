import type { IssueApiKey, ListApiKeys, RevokeApiKey } from '@tuma/accounts';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { LINKS_READ, LINKS_WRITE } from './access.ts';
import { issuedLinksKeySchema, issuedLinksKeyView, linksKeyBody, linksKeySchema, linksKeyView } from './key-views.ts';

export interface LinksKeyUseCases {
  readonly issueApiKey: IssueApiKey;
  readonly listApiKeys: ListApiKeys;
  readonly revokeApiKey: RevokeApiKey;
}

/** The links API's keys (`svc_l_`), managed with a links key or the dashboard's access token (docs/links.md, "Keys"). */
export function linksKeyRoutes(useCases: LinksKeyUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/keys',
      summary: 'Create a links API key; the full key is shown once',
      tag: 'Links API keys',
      access: LINKS_WRITE,
      body: linksKeyBody,
      responses: { 201: { description: 'The key, with its secret', schema: issuedLinksKeySchema } },
      handler: async ({ caller, body }) => {
        const input = { accountId: caller.account.id, kind: 'links', environment: body.environment, name: body.name, scopes: body.scopes } as const;
        const issued = unwrap(await useCases.issueApiKey.execute(input));
        return json(201, issuedLinksKeyView(issued.apiKey, issued.plaintext));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/keys',
      summary: "The account's links API keys, newest first (never their secrets)",
      tag: 'Links API keys',
      access: LINKS_READ,
      responses: { 200: { description: 'Every unrevoked key', schema: z.object({ data: z.array(linksKeySchema) }) } },
      handler: async ({ caller }) => json(200, { data: unwrap(await useCases.listApiKeys.execute({ accountId: caller.account.id, kind: 'links', includeRevoked: false })).map(linksKeyView) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/keys/:id',
      summary: 'Revoke a links API key at once',
      tag: 'Links API keys',
      access: LINKS_WRITE,
      params: z.object({ id: z.string().min(1).max(64) }),
      responses: { 204: { description: 'Revoked' }, 404: { description: 'No such links key in the account' } },
      handler: async ({ caller, params }) => {
        unwrap(await useCases.revokeApiKey.execute({ keyId: params.id, kind: 'links', accountId: caller.account.id }));
        return noContent();
      },
    }),
  ];
}
