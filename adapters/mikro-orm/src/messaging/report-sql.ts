/** SQL pieces of the message reports: a `MessageTally` as aggregates over a source of rows `m`, and back. */
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

/** The tally columns of the relation `alias`, amounts as exact decimal text. */
export const tallyColumns = (alias: string): RawBuilder<unknown> =>
  sql.raw(TALLY_NAMES.map((name) => (name === 'cost' || name === 'refunded' ? `${alias}.${name}::text as ${name}` : `${alias}.${name}`)).join(', '));

/** The scope's rows of `alias` (`m`: messages, `b`: batches) created in `[from, to)` (default: the window). */
export const inScope = (alias: 'm' | 'b', scope: ReportScope, window: ReportWindow | { readonly from: Date; readonly to: Date }): RawBuilder<unknown> =>
  sql`${sql.ref(`${alias}.account_id`)} = ${scope.accountId} and ${sql.ref(`${alias}.environment`)} = ${scope.environment}
    and ${sql.ref(`${alias}.created_at`)} >= ${window.from.toISOString()}::timestamptz and ${sql.ref(`${alias}.created_at`)} < ${window.to.toISOString()}::timestamptz`;

/**
 * Where a report's figures come from: `rows`, a relation `m` with the columns `day` (UTC), `country`,
 * `batch_id` and `api_key_id`, and `aggregates` over it, named as `TALLY_NAMES`. Every statement of
 * `MikroOrmMessageReports` is written once over a source.
 */
export interface TallySource {
  rows(scope: ReportScope, window: ReportWindow): RawBuilder<unknown>;
  readonly aggregates: RawBuilder<unknown>;
}

/** Every message of the window, one row each: the definition the tallies must equal (and the reports before issue 34). */
export const MESSAGE_SCAN: TallySource = {
  rows: (scope, window) => sql`(select m.*, (m.created_at at time zone 'UTC')::date as day from message m where ${inScope('m', scope, window)}) m`,
  aggregates: sql.raw(
    [
      ...OUTBOUND_MESSAGE_STATUSES.map((status) => `count(*) filter (where m.status = '${status}') as ${status}`),
      'count(*) as messages',
      'coalesce(sum(m.segments), 0) as segments',
      'coalesce(sum(m.cost), 0) as cost',
      `coalesce(sum(m.cost) filter (where ${REFUNDED}), 0) as refunded`,
    ].join(', '),
  ),
};

const HOUR_MS = 3_600_000;

/** A message of `message m` as a row of `message_tally`'s measures (the edges of a window are read so). */
const MESSAGE_MEASURES = sql.raw(
  [
    ...OUTBOUND_MESSAGE_STATUSES.map((status) => `(m.status = '${status}')::int as ${status}`),
    'm.segments',
    'm.cost',
    `case when ${REFUNDED} then m.cost else 0 end as refunded`,
  ].join(', '),
);

const TALLIED = sql.raw([...OUTBOUND_MESSAGE_STATUSES.map((status) => `t.${status}`), 't.segments', 't.cost', 't.refunded'].join(', '));

/**
 * The whole UTC hours of the window from `message_tally` (folded and unfolded rows alike: they add
 * up to the hour's messages), the part of an hour at either edge from `message`.
 */
export const MESSAGE_TALLIES: TallySource = {
  rows: (scope, window) => {
    const from = window.from.getTime();
    const to = window.to.getTime();
    const wholeFrom = Math.ceil(from / HOUR_MS) * HOUR_MS;
    const wholeTo = Math.floor(to / HOUR_MS) * HOUR_MS;
    const edges = wholeFrom < wholeTo ? [[from, wholeFrom], [wholeTo, to]].filter(([start, end]) => start! < end!) : [[from, to]];
    const parts = edges.map(
      ([start, end]) => sql`select (m.created_at at time zone 'UTC')::date as day, m.country, m.batch_id, m.api_key_id, ${MESSAGE_MEASURES}
        from message m where ${inScope('m', scope, { from: new Date(start!), to: new Date(end!) })}`,
    );
    if (wholeFrom < wholeTo) {
      parts.unshift(sql`select (t.hour at time zone 'UTC')::date as day, t.country, t.batch_id, t.api_key_id, ${TALLIED}
        from message_tally t where t.account_id = ${scope.accountId} and t.environment = ${scope.environment}
          and t.hour >= ${new Date(wholeFrom).toISOString()}::timestamptz and t.hour < ${new Date(wholeTo).toISOString()}::timestamptz`);
    }
    return sql`(${sql.join(parts, sql` union all `)}) m`;
  },
  aggregates: sql.raw(
    [
      ...OUTBOUND_MESSAGE_STATUSES.map((status) => `coalesce(sum(m.${status}), 0) as ${status}`),
      `coalesce(sum(${OUTBOUND_MESSAGE_STATUSES.map((status) => `m.${status}`).join(' + ')}), 0) as messages`,
      'coalesce(sum(m.segments), 0) as segments',
      'coalesce(sum(m.cost), 0) as cost',
      'coalesce(sum(m.refunded), 0) as refunded',
    ].join(', '),
  ),
};

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
