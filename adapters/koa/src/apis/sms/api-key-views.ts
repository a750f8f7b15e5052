import { KEY_ENVIRONMENTS, type ApiKey } from '@tuma/accounts';
import { z } from 'zod';

export const keySchema = z.object({
  id: z.string(),
  prefix: z.string(),
  name: z.string().nullable(),
  scopes: z.array(z.string()),
  environment: z.enum(KEY_ENVIRONMENTS),
  is_active: z.boolean(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});

export const issuedKeySchema = keySchema.extend({ key: z.string().describe('The full key. Shown only in this response.') });

export const keyView = (apiKey: ApiKey): z.infer<typeof keySchema> => {
  const snapshot = apiKey.toSnapshot();
  return {
    id: snapshot.id,
    prefix: snapshot.prefix,
    name: snapshot.name,
    scopes: [...snapshot.scopes],
    environment: snapshot.environment,
    is_active: snapshot.revokedAt === null,
    last_used_at: snapshot.lastUsedAt?.toISOString() ?? null,
    revoked_at: snapshot.revokedAt?.toISOString() ?? null,
    created_at: snapshot.createdAt.toISOString(),
  };
};

export const issuedKeyView = (apiKey: ApiKey, plaintext: string): z.infer<typeof issuedKeySchema> => ({ ...keyView(apiKey), key: plaintext });

