import { defineEntity, p } from '@mikro-orm/core';

/** Persistence record of a catalogue Route; its country name comes from the market. */
export const RouteRecord = defineEntity({
  name: 'RouteRecord',
  tableName: 'route',
  properties: {
    code: p.string().primary(),
    name: p.string(),
    countryCode: p.string(),
    currency: p.string(),
    /** numeric(20,6) as an exact decimal string, in `currency`. */
    pricePerSegment: p.decimal(),
    senderIdDefault: p.string(),
    isActive: p.boolean(),
  },
});
