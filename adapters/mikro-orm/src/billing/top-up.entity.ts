import { defineEntity, p } from '@mikro-orm/core';

/** Persistence record of the TopUp aggregate (mapped by MikroOrmTopUpRepository). */
export const TopUpRecord = defineEntity({
  name: 'TopUpRecord',
  tableName: 'top_up',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    /** numeric(20,6) read as an exact decimal string. */
    amount: p.decimal(),
    currency: p.string(),
    provider: p.string(),
    providerSessionId: p.string(),
    checkoutUrl: p.text(),
    customerEmail: p.string().nullable(),
    status: p.string(),
    failureReason: p.string().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    completedAt: p.datetime().nullable(),
  },
});
