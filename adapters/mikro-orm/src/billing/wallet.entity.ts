import { defineEntity, p } from '@mikro-orm/core';

/** Persistence record of a Wallet: one row per account; amounts as exact decimal strings. */
export const WalletRecord = defineEntity({
  name: 'WalletRecord',
  tableName: 'wallet',
  properties: {
    accountId: p.string().primary(),
    currency: p.string(),
    /** numeric(20,6) */
    balance: p.decimal(),
    /** numeric(20,6) */
    reserved: p.decimal(),
    updatedAt: p.datetime(),
  },
});
