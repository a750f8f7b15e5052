import { defineEntity, p } from '@mikro-orm/core';

/** Persistence record of one number on an account's opt-out list (mapped by MikroOrmOptOutList). */
export const OptOutRecord = defineEntity({
  name: 'OptOutRecord',
  tableName: 'opt_out',
  properties: {
    accountId: p.string().primary(),
    /** E.164. */
    phone: p.string().primary(),
    source: p.string(),
    keyword: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
