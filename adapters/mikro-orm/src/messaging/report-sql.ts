/** SQL pieces of the message reports: a `MessageTally` as aggregates over `message m`, and back. */
import { sql, type RawBuilder } from 'kysely';
import type { CurrencyCode } from '@tuma/kernel';
import { OUTBOUND_MESSAGE_STATUSES, PENDING_STATUSES, type MessageTally, type ReportScope, type ReportWindow } from '@tuma/messaging';
import { storedMoney } from '../database/stored-money.ts';

const quoted = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');

/** `PENDING_STATUSES` for an `in (...)` list. */
export const PENDING = quoted(PENDING_STATUSES);

/** The domain's `OutboundMessage.refundsItsCost`: rejected, or failed without a carrier id or a receipt. */
const REFUNDED = `m.status = 'rejected' or (m.status = 'failed' and m.carrier_message_ids = '[]'::jsonb and m.part_outcomes = '[]'::jsonb)`;

/** The columns a tally aggregates into; `messages` (the count of all) serves ordering. */
export const TALLY_NAMES = [...OUTBOUND_MESSAGE_STATUSES, 'messages', 'segments', 'cost', 'refunded'] as const;

/** A row of `tallyColumns`: counts and amounts as text (int8, numeric); null where a left join found nothing. */
export type TallyRow = Record<(typeof TALLY_NAMES)[number], string | null>;

/** A tally as aggregates of a grouped query over `message m`, named as `TALLY_NAMES`. */
export const TALLY_AGGREGATES = sql.raw(
  [
    ...OUTBOUND_MESSAGE_STATUSES.map((status) => `count(*) filter (where m.status = '${status}') as ${status}`),
    'count(*) as messages',
    'coalesce(sum(m.segments), 0) as segments',
    'coalesce(sum(m.cost), 0) as cost',
    `coalesce(sum(m.cost) filter (where ${REFUNDED}), 0) as refunded`,
  ].join(', '),
);

/** The tally columns of the relation `alias`, amounts as exact decimal text. */
export const tallyColumns = (alias: string): RawBuilder<unknown> =>
  sql.raw(TALLY_NAMES.map((name) => (name === 'cost' || name === 'refunded' ? `${alias}.${name}::text as ${name}` : `${alias}.${name}`)).join(', '));

/** The scope's rows of `alias` (`m`: messages, `b`: batches) created in the window. */
export const inScope = (alias: 'm' | 'b', scope: ReportScope, window: ReportWindow): RawBuilder<unknown> =>
  sql`${sql.ref(`${alias}.account_id`)} = ${scope.accountId} and ${sql.ref(`${alias}.environment`)} = ${scope.environment}
    and ${sql.ref(`${alias}.created_at`)} >= ${window.from.toISOString()}::timestamptz and ${sql.ref(`${alias}.created_at`)} < ${window.to.toISOString()}::timestamptz`;

const count = (value: string | null): number => Number(value ?? 0);
const amount = (value: string | null, currency: CurrencyCode, what: string) => storedMoney(value ?? '0', currency, what);

/** A row of `tallyColumns`; columns of a left join that found nothing are zeros. */
export function tallyFromRow(row: TallyRow, currency: CurrencyCode): MessageTally {
  return {
    counts: Object.fromEntries(OUTBOUND_MESSAGE_STATUSES.map((status) => [status, count(row[status])])) as MessageTally['counts'],
    segments: count(row.segments),
    cost: amount(row.cost, currency, 'message cost total'),
    refunded: amount(row.refunded, currency, 'message refund total'),
  };
}
