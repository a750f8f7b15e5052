import { defineEntity, p } from '@mikro-orm/core';

/** Persistence record of a catalogue Market (mapped by MikroOrmCatalogue). */
export const MarketRecord = defineEntity({
  name: 'MarketRecord',
  tableName: 'market',
  properties: {
    countryCode: p.string().primary(),
    name: p.string(),
    callingCode: p.string(),
    currency: p.string(),
    networks: p.json<string[]>(),
    regulator: p.string(),
    senderIdRegistration: p.boolean(),
    senderIdFree: p.boolean(),
    promoNote: p.string().nullable(),
    rules: p.json<string[]>(),
    otpAvailable: p.boolean(),
    twoWay: p.boolean(),
    /** Catalogue order: the market's index in the data it was seeded from. */
    position: p.integer(),
  },
});
