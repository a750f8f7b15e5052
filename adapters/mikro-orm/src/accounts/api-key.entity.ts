import { defineEntity, p } from '@mikro-orm/core';

/** Persistence record of the ApiKey aggregate: the secret exists here only as its SHA-256. */
export const ApiKeyRecord = defineEntity({
  name: 'ApiKeyRecord',
  tableName: 'api_key',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    name: p.string().nullable(),
    prefix: p.string(),
    secretHash: p.string(),
    scopes: p.json<string[]>(),
    environment: p.string(),
    kind: p.string(),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
