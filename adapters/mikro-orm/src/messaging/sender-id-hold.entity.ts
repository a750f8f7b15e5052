import { defineEntity, p } from '@mikro-orm/core';

/**
 * A pending or approved sender-ID request holds its name in each of its countries: one row per
 * (account, name, country), so the primary key refuses a second holder. Rejection deletes them.
 */
export const SenderIdHoldRecord = defineEntity({
  name: 'SenderIdHoldRecord',
  tableName: 'sender_id_hold',
  properties: {
    accountId: p.string().primary(),
    name: p.string().primary(),
    countryCode: p.string().primary(),
    senderIdId: p.bigint('number'),
  },
});
