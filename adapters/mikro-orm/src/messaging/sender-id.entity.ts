import { defineEntity, p } from '@mikro-orm/core';

/** Persistence record of a SenderIdRequest (mapped by MikroOrmSenderIdRepository). */
export const SenderIdRecord = defineEntity({
  name: 'SenderIdRecord',
  tableName: 'sender_id',
  properties: {
    /** bigint identity, read as a JavaScript number (ids stay far below 2^53). */
    id: p.bigint('number').primary().autoincrement(),
    accountId: p.string(),
    name: p.string(),
    /** Upper-case ISO alpha-2 codes in request order. */
    countries: p.json<string[]>(),
    useCase: p.string().nullable(),
    status: p.string(),
    rejectionReason: p.string().nullable(),
    /** numeric(20,6) read as an exact decimal string. */
    feeUsd: p.decimal(),
    feeAmount: p.decimal().nullable(),
    feeCurrency: p.string().nullable(),
    feeFxRate: p.string().nullable(),
    feeEntryId: p.string().nullable(),
    feeChargedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    decidedAt: p.datetime().nullable(),
  },
});
