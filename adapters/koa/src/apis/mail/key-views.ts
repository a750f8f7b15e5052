import { MAIL_SCOPES, type ApiKey, type MailScope, type Scope } from '@tuma/accounts';
import { z } from 'zod';

export const mailKeySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  prefix: z.string().describe('svc_k_ and the public id: what identifies the key in lists'),
  permissions: z.array(z.enum(MAIL_SCOPES)),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});

export const issuedMailKeySchema = mailKeySchema.extend({ key: z.string().describe('The full key (svc_k_...). Shown only in this response.') });

const permissions = z.array(z.string()).min(1).max(3).optional();

export const mailKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(120),
  permissions: permissions.describe('Any of send, read, manage; default send and read'),
});

/** The operator's first key of an account: it must be able to add domains and make the others. */
export const firstMailKeyBody = mailKeyBody.extend({ permissions: permissions.describe('Any of send, read, manage; default all three') });

const isMailScope = (scope: Scope): scope is MailScope => (MAIL_SCOPES as readonly Scope[]).includes(scope);

export const mailKeyView = (apiKey: ApiKey): z.infer<typeof mailKeySchema> => {
  const snapshot = apiKey.toSnapshot();
  return {
    id: snapshot.id,
    name: snapshot.name,
    prefix: snapshot.prefix,
    permissions: snapshot.scopes.filter(isMailScope),
    last_used_at: snapshot.lastUsedAt?.toISOString() ?? null,
    created_at: snapshot.createdAt.toISOString(),
  };
};

export const issuedMailKeyView = (apiKey: ApiKey, plaintext: string): z.infer<typeof issuedMailKeySchema> => ({ ...mailKeyView(apiKey), key: plaintext });
