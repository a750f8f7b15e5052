import { defineEntity, p } from '@mikro-orm/core';

/** Persistence record of the Account aggregate (mapped by MikroOrmAccountRepository). */
export const AccountRecord = defineEntity({
  name: 'AccountRecord',
  tableName: 'account',
  properties: {
    id: p.string().primary(),
    email: p.string(),
    status: p.string(),
    isAdmin: p.boolean(),
    walletCurrency: p.string(),
    emailVerifiedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
