import { defineEntity, p } from '@mikro-orm/core';

/** Persistence record of an operator-set FxRate: one row per ordered currency pair. */
export const FxRateRecord = defineEntity({
  name: 'FxRateRecord',
  tableName: 'fx_rate',
  properties: {
    fromCurrency: p.string().primary(),
    toCurrency: p.string().primary(),
    /** numeric(30,12) read as an exact decimal string. */
    rate: p.decimal(),
    updatedAt: p.datetime(),
    updatedBy: p.string().nullable(),
  },
});
