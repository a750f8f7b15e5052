import { defineEntity, p } from '@mikro-orm/core';

/** One row of a per-network fee table, amounts as exact decimal strings in the table's currency. */
export interface SenderIdFeeTableRow {
  network: string;
  setup: string;
  recurring: string;
}

/**
 * Persistence record of a market's SenderIdFee: `fee_usd` and `covers` for one-time fees,
 * `currency`, `fee_table` and `recurring_period` for per-network fees, neither for on-request ones.
 */
export const SenderIdFeeRecord = defineEntity({
  name: 'SenderIdFeeRecord',
  tableName: 'sender_id_fee',
  properties: {
    countryCode: p.string().primary(),
    feeType: p.string(),
    feeUsd: p.decimal().nullable(),
    covers: p.string().nullable(),
    currency: p.string().nullable(),
    feeTable: p.json<SenderIdFeeTableRow[]>().nullable(),
    recurringPeriod: p.string().nullable(),
    note: p.string().nullable(),
  },
});
