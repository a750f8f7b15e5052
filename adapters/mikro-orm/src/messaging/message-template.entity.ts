import { defineEntity, p } from '@mikro-orm/core';

/** Persistence record of the Template aggregate (mapped by MikroOrmTemplateRepository). */
export const MessageTemplateRecord = defineEntity({
  name: 'MessageTemplateRecord',
  tableName: 'message_template',
  properties: {
    /** bigint identity, read as a JavaScript number (ids stay far below 2^53). */
    id: p.bigint('number').primary().autoincrement(),
    accountId: p.string(),
    name: p.string(),
    /** `templateNameKey(name)`: what makes names equal; unique per account. */
    nameKey: p.text(),
    text: p.text(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
