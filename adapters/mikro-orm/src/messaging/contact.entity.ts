import { defineEntity, p } from '@mikro-orm/core';

/** A member of a contact list: one per (list, number). Written by MikroOrmContactListRepository's batched statements. */
export const ContactRecord = defineEntity({
  name: 'ContactRecord',
  tableName: 'contact',
  properties: {
    listId: p.bigint('number').primary(),
    /** E.164. */
    phone: p.string().primary(),
    /** ISO alpha-2 of the number. */
    country: p.string(),
    name: p.string().nullable(),
    vars: p.json<Record<string, string>>(),
    /** Insertion order (a bigint identity): a number added again after its removal comes last. */
    position: p.bigint('number'),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
