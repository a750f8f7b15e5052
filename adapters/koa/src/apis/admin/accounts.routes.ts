import { KEY_ENVIRONMENTS, MAIL_SCOPES, type Account, type CreateAccount, type IssueApiKey, type RevokeApiKey, type SetAccountStatus } from '@tuma/accounts';
import { z } from 'zod';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { issuedLinksKeySchema, issuedLinksKeyView, linksKeyBody } from '../links/key-views.ts';
import { unwrap } from '../../http/unwrap.ts';
import { issuedKeySchema, issuedKeyView, keySchema, keyView } from '../sms/api-key-views.ts';
import { firstMailKeyBody, issuedMailKeySchema, issuedMailKeyView } from '../mail/key-views.ts';

export interface AdminAccountUseCases {
  readonly createAccount: CreateAccount;
  readonly issueApiKey: IssueApiKey;
  readonly setAccountStatus: SetAccountStatus;
  readonly revokeApiKey: RevokeApiKey;
}

const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['active', 'suspended']),
  is_admin: z.boolean(),
  wallet_currency: z.string(),
  created_at: z.string(),
});


const accountParams = z.object({ id: z.string().min(1).max(64) });

export const accountView = (account: Account): z.infer<typeof accountSchema> => {
  const snapshot = account.toSnapshot();
  return {
    id: snapshot.id,
    email: snapshot.email,
    status: snapshot.status,
    is_admin: snapshot.isAdmin,
    wallet_currency: snapshot.walletCurrency,
    created_at: snapshot.createdAt.toISOString(),
  };
};

const ADMIN = { anyScope: ['admin'] } as const;

/** Operator endpoints (operator key only), under /api/admin and mirrored under /v1/admin. */
export function adminAccountRoutes(useCases: AdminAccountUseCases): RouteDefinition[] {
  const statusRoute = (action: 'suspend' | 'unsuspend') =>
    defineRoute({
      method: 'post',
      path: `/api/admin/accounts/:id/${action}`,
      aliases: alsoUnderV1(`/api/admin/accounts/:id/${action}`),
      summary: action === 'suspend' ? 'Suspend an account (its keys get 403 account_suspended)' : 'Reactivate a suspended account',
      tag: 'Admin',
      access: ADMIN,
      params: accountParams,
      responses: { 200: { description: 'The account', schema: accountSchema }, 404: { description: 'No such account' } },
      handler: async ({ params }) => {
        const status = action === 'suspend' ? 'suspended' : 'active';
        return json(200, accountView(unwrap(await useCases.setAccountStatus.execute({ accountId: params.id, status }))));
      },
    });

  return [
    defineRoute({
      method: 'post',
      path: '/api/admin/accounts',
      aliases: alsoUnderV1('/api/admin/accounts'),
      summary: 'Open a customer account',
      tag: 'Admin',
      access: ADMIN,
      body: z.strictObject({
        email: z.string().min(3).max(254),
        wallet_currency: z.string().length(3).optional().describe('ISO 4217; defaults to the platform default'),
      }),
      responses: { 201: { description: 'The account', schema: accountSchema }, 409: { description: 'Email already registered' } },
      handler: async ({ body }) =>
        json(201, accountView(unwrap(await useCases.createAccount.execute({ email: body.email, walletCurrency: body.wallet_currency })))),
    }),
    defineRoute({
      method: 'post',
      path: '/api/admin/accounts/:id/keys',
      aliases: alsoUnderV1('/api/admin/accounts/:id/keys'),
      summary: 'Issue an API key for an account; the full key is shown once',
      tag: 'Admin',
      access: ADMIN,
      params: accountParams,
      body: z.strictObject({
        environment: z.enum(KEY_ENVIRONMENTS),
        scopes: z.array(z.string()).min(1).max(8).optional().describe('Any of send, query, webhooks, two_way; default send, query, webhooks'),
        name: z.string().min(1).max(120).optional(),
      }),
      responses: { 201: { description: 'The issued key', schema: issuedKeySchema }, 404: { description: 'No such account' } },
      handler: async ({ params, body }) => {
        const issued = unwrap(
          await useCases.issueApiKey.execute({ accountId: params.id, environment: body.environment, scopes: body.scopes, name: body.name }),
        );
        return json(201, issuedKeyView(issued.apiKey, issued.plaintext));
      },
    }),
    // The account's first mail key: later ones it makes itself with a key that may `manage` (docs/mail.md, "API keys").
    defineRoute({
      method: 'post',
      path: '/api/admin/accounts/:id/mail-keys',
      aliases: alsoUnderV1('/api/admin/accounts/:id/mail-keys'),
      summary: 'Issue a mail API key (svc_k_) for an account, every permission (send, read, manage) unless `permissions` says; the full key is shown once',
      tag: 'Admin',
      access: ADMIN,
      params: accountParams,
      body: firstMailKeyBody,
      responses: { 201: { description: 'The issued key', schema: issuedMailKeySchema }, 404: { description: 'No such account' } },
      handler: async ({ params, body }) => {
        const permissions = body.permissions ?? [...MAIL_SCOPES];
        const issued = unwrap(await useCases.issueApiKey.execute({ accountId: params.id, kind: 'mail', name: body.name, scopes: permissions }));
        return json(201, issuedMailKeyView(issued.apiKey, issued.plaintext));
      },
    }),
    // The account's first links key: later ones it makes itself (docs/links.md, "Keys").
    defineRoute({
      method: 'post',
      path: '/api/admin/accounts/:id/links-keys',
      aliases: alsoUnderV1('/api/admin/accounts/:id/links-keys'),
      summary: 'Issue a links API key (svc_l_) for an account; the full key is shown once',
      tag: 'Admin',
      access: ADMIN,
      params: accountParams,
      body: linksKeyBody,
      responses: { 201: { description: 'The issued key', schema: issuedLinksKeySchema }, 404: { description: 'No such account' } },
      handler: async ({ params, body }) => {
        const input = { accountId: params.id, kind: 'links', environment: body.environment, name: body.name, scopes: body.scopes } as const;
        const issued = unwrap(await useCases.issueApiKey.execute(input));
        return json(201, issuedLinksKeyView(issued.apiKey, issued.plaintext));
      },
    }),
    statusRoute('suspend'),
    statusRoute('unsuspend'),
    defineRoute({
      method: 'post',
      path: '/api/admin/keys/:id/revoke',
      aliases: alsoUnderV1('/api/admin/keys/:id/revoke'),
      summary: 'Revoke a customer API key at once',
      tag: 'Admin',
      access: ADMIN,
      params: z.object({ id: z.string().min(1).max(64) }),
      responses: { 200: { description: 'The revoked key (without its secret)', schema: keySchema }, 404: { description: 'No such customer key' } },
      handler: async ({ params }) => json(200, keyView(unwrap(await useCases.revokeApiKey.execute({ keyId: params.id })))),
    }),
  ];
}
