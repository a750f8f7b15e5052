import type { IssueApiKey, ListApiKeys, RevokeApiKey } from '@tuma/accounts';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { issuedMailKeySchema, issuedMailKeyView, mailKeyBody, mailKeySchema, mailKeyView } from './key-views.ts';
import { MAIL_MANAGE } from './access.ts';

export interface MailKeyUseCases {
  readonly issueApiKey: IssueApiKey;
  readonly listApiKeys: ListApiKeys;
  readonly revokeApiKey: RevokeApiKey;
}


/** The mail API's keys, managed with a key holding `manage` or the dashboard's access token (docs/mail.md, "API keys"). */
export function mailKeyRoutes(useCases: MailKeyUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/api-keys',
      summary: 'Create a mail API key; the full key is shown once',
      tag: 'API keys',
      access: MAIL_MANAGE,
      body: mailKeyBody,
      responses: { 201: { description: 'The key, with its secret', schema: issuedMailKeySchema } },
      handler: async ({ caller, body }) => {
        const issued = unwrap(await useCases.issueApiKey.execute({ accountId: caller.account.id, kind: 'mail', name: body.name, scopes: body.permissions }));
        return json(201, issuedMailKeyView(issued.apiKey, issued.plaintext));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/api-keys',
      summary: "The account's mail API keys, newest first (never their secrets)",
      tag: 'API keys',
      access: MAIL_MANAGE,
      responses: { 200: { description: 'Every unrevoked key', schema: z.object({ data: z.array(mailKeySchema) }) } },
      handler: async ({ caller }) => json(200, { data: unwrap(await useCases.listApiKeys.execute({ accountId: caller.account.id, kind: 'mail', includeRevoked: false })).map(mailKeyView) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/api-keys/:key_id',
      summary: 'Revoke a mail API key at once',
      tag: 'API keys',
      access: MAIL_MANAGE,
      params: z.object({ key_id: z.string().min(1).max(64) }),
      responses: { 204: { description: 'Revoked' }, 404: { description: 'No such mail key in the account' } },
      handler: async ({ caller, params }) => {
        unwrap(await useCases.revokeApiKey.execute({ keyId: params.key_id, kind: 'mail', accountId: caller.account.id }));
        return noContent();
      },
    }),
  ];
}
