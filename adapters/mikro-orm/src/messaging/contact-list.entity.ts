import { defineEntity, p } from '@mikro-orm/core';

/** Persistence record of the ContactList aggregate (mapped by MikroOrmContactListRepository). */
export const ContactListRecord = defineEntity({
  name: 'ContactListRecord',
  tableName: 'contact_list',
  properties: {
    /** bigint identity, read as a JavaScript number (ids stay far below 2^53). */
    id: p.bigint('number').primary().autoincrement(),
    accountId: p.string(),
    /** Trimmed and NFC-normalised; unique per account by `lower(name)`. */
    name: p.string(),
    description: p.string().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    /** Members of the list, counted when the list is read. */
    memberCount: p.integer().formula((_columns, table) => `(select count(*)::int from contact c where c.list_id = ${table.alias}.id)`),
  },
});
