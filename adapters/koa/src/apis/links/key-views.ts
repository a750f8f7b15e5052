import { KEY_ENVIRONMENTS, LINKS_SCOPES, type ApiKey, type LinksScope, type Scope } from '@tuma/accounts';
import { z } from 'zod';

export const linksKeySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  prefix: z.string().describe('svc_l_ and the public id: what identifies the key in lists'),
  scopes: z.array(z.enum(LINKS_SCOPES)),
  environment: z.enum(KEY_ENVIRONMENTS),
  is_active: z.boolean(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});

export const issuedLinksKeySchema = linksKeySchema.extend({ key: z.string().describe('The full key (svc_l_...). Shown only in this response.') });

export const linksKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(120),
  environment: z.enum(KEY_ENVIRONMENTS).default('live').describe('live (default) or test: test keys make test links, kept apart'),
  scopes: z.array(z.string()).min(1).max(3).optional().describe('Any of links:read, links:write, *; default ["*"]'),
});

const isLinksScope = (scope: Scope): scope is LinksScope => (LINKS_SCOPES as readonly Scope[]).includes(scope);

export const linksKeyView = (apiKey: ApiKey): z.infer<typeof linksKeySchema> => {
  const snapshot = apiKey.toSnapshot();
  return {
    id: snapshot.id,
    name: snapshot.name,
    prefix: snapshot.prefix,
    scopes: snapshot.scopes.filter(isLinksScope),
    environment: snapshot.environment,
    is_active: snapshot.revokedAt === null,
    last_used_at: snapshot.lastUsedAt?.toISOString() ?? null,
    created_at: snapshot.createdAt.toISOString(),
  };
};

export const issuedLinksKeyView = (apiKey: ApiKey, plaintext: string): z.infer<typeof issuedLinksKeySchema> => ({ ...linksKeyView(apiKey), key: plaintext });
