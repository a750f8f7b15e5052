import type { MailService, SmtpCredential } from '@tuma/mail';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { MAIL_MANAGE } from './access.ts';

export type MailSmtpCredentialUseCases = Pick<MailService, 'createSmtpCredential' | 'listSmtpCredentials' | 'revokeSmtpCredential'>;

const TAG = 'SMTP credentials';

const credentialSchema = z.object({
  id: z.string().describe('smtpc_...'),
  name: z.string(),
  username: z.string().describe('The login of the submission server (AUTH PLAIN or LOGIN)'),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe('The last login, to the minute'),
});

export const smtpCredentialBody = z.strictObject({ name: z.string().trim().min(1).max(100) });

export const credentialView = (c: SmtpCredential): z.infer<typeof credentialSchema> => ({
  id: c.id,
  name: c.name,
  username: c.username,
  created_at: c.createdAt.toISOString(),
  last_used_at: c.lastUsedAt?.toISOString() ?? null,
});

/** `/v1/smtp-credentials`: logins of the SMTP submission server (docs/mail.md, "SMTP submission"). */
export function mailSmtpCredentialRoutes(credentials: MailSmtpCredentialUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/smtp-credentials',
      summary: 'Create a login of the SMTP submission server; the password is shown once',
      tag: TAG,
      access: MAIL_MANAGE,
      body: smtpCredentialBody,
      responses: { 201: { description: 'The credential with its password', schema: credentialSchema.extend({ password: z.string().describe('Shown only here; kept as its SHA-256') }) } },
      handler: async ({ caller, body }) => {
        const { credential, password } = unwrap(await credentials.createSmtpCredential.execute({ accountId: caller.account.id, name: body.name }));
        return json(201, { ...credentialView(credential), password });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/smtp-credentials',
      summary: "The account's SMTP credentials, newest first (never their passwords)",
      tag: TAG,
      access: MAIL_MANAGE,
      responses: { 200: { description: 'Every credential', schema: z.object({ data: z.array(credentialSchema) }) } },
      handler: async ({ caller }) => json(200, { data: unwrap(await credentials.listSmtpCredentials.execute(caller.account.id)).map(credentialView) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/smtp-credentials/:id',
      summary: 'Revoke an SMTP credential: its next login fails',
      tag: TAG,
      access: MAIL_MANAGE,
      params: z.object({ id: z.string().regex(/^smtpc_[0-9A-Z]{26}$/, 'Must be an SMTP credential id (smtpc_...)') }),
      responses: { 204: { description: 'Revoked' }, 404: { description: 'No such credential in the account', errorCodes: ['not_found'] } },
      handler: async ({ caller, params }) => {
        unwrap(await credentials.revokeSmtpCredential.execute({ accountId: caller.account.id, id: params.id }));
        return noContent();
      },
    }),
  ];
}
