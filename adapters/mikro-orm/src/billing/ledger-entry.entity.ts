import { defineEntity, p } from '@mikro-orm/core';

/**
 * Persistence record of a LedgerEntry. Rows are only ever inserted (a trigger refuses updates and
 * deletes); `seq` orders the entries of a wallet as they were applied.
 */
export const LedgerEntryRecord = defineEntity({
  name: 'LedgerEntryRecord',
  tableName: 'ledger_entry',
  properties: {
    id: p.string().primary(),
    seq: p.bigint('string').persist(false),
    accountId: p.string(),
    currency: p.string(),
    kind: p.string(),
    /** numeric(20,6), signed */
    amount: p.decimal(),
    balanceAfter: p.decimal(),
    reason: p.string(),
    reference: p.string(),
    relatedType: p.string().nullable(),
    relatedId: p.string().nullable(),
    refundOf: p.string().nullable(),
    reverses: p.string().nullable(),
    reservationId: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
