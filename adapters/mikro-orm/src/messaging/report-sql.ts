/** SQL pieces of the message reports: a `MessageTally` as aggregates over `message m`, and back. */
import type { CurrencyCode } from '@tuma/kernel';
import { OUTBOUND_MESSAGE_STATUSES, PENDING_STATUSES, type MessageTally, type ReportScope, type ReportWindow } from '@tuma/messaging';
import { storedMoney } from '../database/stored-money.ts';

type Row = Record<string, unknown>;

const quoted = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');

/** `PENDING_STATUSES` for an `in (...)` list. */
export const PENDING = quoted(PENDING_STATUSES);

/** The domain's `OutboundMessage.refundsItsCost`: rejected, or failed without a carrier id or a receipt. */
const REFUNDED = `m.status = 'rejected' or (m.status = 'failed' and m.carrier_message_ids = '[]'::jsonb and m.part_outcomes = '[]'::jsonb)`;

/** The columns a tally aggregates into; `messages` (the count of all) serves ordering. */
export const TALLY_NAMES = [...OUTBOUND_MESSAGE_STATUSES, 'messages', 'segments', 'cost', 'refunded'] as const;

/** A tally as aggregates of a grouped query over `message m`, named as `TALLY_NAMES`. */
export const TALLY_AGGREGATES = [
  ...OUTBOUND_MESSAGE_STATUSES.map((status) => `count(*) filter (where m.status = '${status}') as ${status}`),
  'count(*) as messages',
  'coalesce(sum(m.segments), 0) as segments',
  'coalesce(sum(m.cost), 0) as cost',
  `coalesce(sum(m.cost) filter (where ${REFUNDED}), 0) as refunded`,
].join(', ');

/** The tally columns of the relation `alias`, amounts as exact decimal text. */
export const tallyColumns = (alias: string): string =>
  TALLY_NAMES.map((name) => (name === 'cost' || name === 'refunded' ? `${alias}.${name}::text as ${name}` : `${alias}.${name}`)).join(', ');

/** The scope's messages created in the window; `scopeParams` gives the values. */
export const IN_SCOPE = `m.account_id = ? and m.environment = ? and m.created_at >= ?::timestamptz and m.created_at < ?::timestamptz`;

export const scopeParams = (scope: ReportScope, window: ReportWindow): unknown[] => [scope.accountId, scope.environment, window.from.toISOString(), window.to.toISOString()];

const count = (value: unknown): number => Number(value ?? 0);
const amount = (value: unknown, currency: CurrencyCode, what: string) => storedMoney(value === null || value === undefined ? '0' : String(value), currency, what);

/** A row of `tallyColumns`; columns of a left join that found nothing are zeros. */
export function tallyFromRow(row: Row, currency: CurrencyCode): MessageTally {
  return {
    counts: Object.fromEntries(OUTBOUND_MESSAGE_STATUSES.map((status) => [status, count(row[status])])) as MessageTally['counts'],
    segments: count(row.segments),
    cost: amount(row.cost, currency, 'message cost total'),
    refunded: amount(row.refunded, currency, 'message refund total'),
  };
}
