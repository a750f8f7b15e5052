import { defineEntity, p } from '@mikro-orm/core';

/** Persistence record of a wallet Reservation (a hold); amounts as exact decimal strings. */
export const ReservationRecord = defineEntity({
  name: 'ReservationRecord',
  tableName: 'reservation',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    currency: p.string(),
    amount: p.decimal(),
    captured: p.decimal(),
    released: p.decimal(),
    status: p.string(),
    reason: p.string(),
    reference: p.string(),
    relatedType: p.string().nullable(),
    relatedId: p.string().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
