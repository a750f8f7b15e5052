import { IsolationLevel } from '@mikro-orm/core';
import { sql, type Selectable } from 'kysely';
import {
  CAMPAIGN_TEXT_EXCERPT,
  sumOfTallies,
  type ApiKeyTally,
  type Breakdown,
  type CampaignTally,
  type DailyTally,
  type MessageReports,
  type MessageTally,
  type Report,
  type ReportScope,
  type ReportWindow,
  type RouteHealthTally,
  type RouteOutcomes,
} from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import { storedMoney } from '../database/stored-money.ts';
import type { ApiKeyTable, MessageBatchTable, MessageTable } from '../database/tables.ts';
import { inScope, MESSAGE_TALLIES, PENDING, TALLY_NAMES, tallyColumns, tallyFromRow, type TallyRow, type TallySource } from './report-sql.ts';

const totalsStatement = (source: TallySource, scope: ReportScope, window: ReportWindow) =>
  sql<TallyRow>`select ${tallyColumns('t')} from (select ${source.aggregates} from ${source.rows(scope, window)}) t`;

/** Grouped by UTC day, then every day of the window from generate_series, the days without messages too. */
const dailyStatement = (source: TallySource, scope: ReportScope, window: ReportWindow) => sql<TallyRow & { day: string }>`
  with t as (select m.day, ${source.aggregates} from ${source.rows(scope, window)} group by m.day)
  select to_char(s.day, 'YYYY-MM-DD') as day, ${tallyColumns('t')}
  from generate_series(${window.firstDay}::date, ${window.lastDay}::date, interval '1 day') as s (day) left join t on t.day = s.day::date
  order by s.day`;

const byCountryStatement = (source: TallySource, scope: ReportScope, window: ReportWindow) => sql<TallyRow & Pick<Selectable<MessageTable>, 'country'>>`
  select t.country, ${tallyColumns('t')}
  from (select m.country, ${source.aggregates} from ${source.rows(scope, window)} group by m.country) t
  order by t.messages desc, t.country collate "C"`;

/** A campaign: its batch's fields, or nulls for the single messages; and how many campaigns there are. */
type CampaignRow = TallyRow & { campaign_count: string } & (
  | (Pick<Selectable<MessageBatchTable>, 'id' | 'text' | 'created_at' | 'total'> & { charged: string })
  | { id: null; text: null; created_at: null; total: null; charged: null }
);

/**
 * The window's messages per batch (null: the single ones) with their batch, then the window's
 * batches without written messages; most spent first, newest first, the single messages last.
 */
const campaignsStatement = (source: TallySource, scope: ReportScope, window: ReportWindow, limit: number) => sql<CampaignRow>`
  with t as (select m.batch_id, ${source.aggregates} from ${source.rows(scope, window)} group by m.batch_id),
  c as (
    select t.batch_id as id, left(b.text, ${sql.lit(CAMPAIGN_TEXT_EXCERPT)}) as text, b.created_at, b.total, b.cost as charged, ${sql.raw(TALLY_NAMES.map((n) => `t.${n}`).join(', '))}
      from t left join message_batch b on b.id = t.batch_id
    union all
    select b.id, left(b.text, ${sql.lit(CAMPAIGN_TEXT_EXCERPT)}), b.created_at, b.total, b.cost, ${sql.raw(TALLY_NAMES.map(() => '0').join(', '))}
      from message_batch b
     where ${inScope('b', scope, window)}
       and not exists (select 1 from t where t.batch_id = b.id)
  )
  select c.id, c.text, c.created_at, c.total, c.charged::text as charged, ${tallyColumns('c')}, count(*) over () as campaign_count
  from c order by c.cost - c.refunded desc, c.created_at desc nulls last, c.id collate "C" desc
  limit ${limit}`;

type ApiKeyRow = TallyRow & Pick<Selectable<MessageTable>, 'api_key_id'> & { [column in 'prefix' | 'name']: Selectable<ApiKeyTable>[column] | null };

const byApiKeyStatement = (source: TallySource, scope: ReportScope, window: ReportWindow) => sql<ApiKeyRow>`
  select t.api_key_id, k.prefix, k.name, ${tallyColumns('t')}
  from (select m.api_key_id, ${source.aggregates} from ${source.rows(scope, window)} group by m.api_key_id) t
  left join api_key k on k.id = t.api_key_id
  order by t.cost - t.refunded desc, t.api_key_id collate "C" nulls last`;

type Outcomes = 'account' | 'platform';

/** Counts as text (int8), the median as a float8. */
type RouteHealthRow = Pick<Selectable<MessageTable>, 'route_code'> &
  Record<`${Outcomes}_${'attempted' | 'delivered' | 'failed' | 'pending'}`, string> &
  Record<`${Outcomes}_median_ms`, number | null>;

/** Outcomes of the rows of `w` where `flag` holds, as columns `<prefix>_<field>`. */
const outcomes = (flag: string, prefix: Outcomes) =>
  sql.raw(`
  count(*) filter (where w.${flag}) as ${prefix}_attempted,
  count(*) filter (where w.${flag} and w.status = 'delivered') as ${prefix}_delivered,
  count(*) filter (where w.${flag} and w.status = 'failed') as ${prefix}_failed,
  count(*) filter (where w.${flag} and w.status in (${PENDING})) as ${prefix}_pending,
  percentile_cont(0.5) within group (order by w.delivery_ms) filter (where w.${flag} and w.status = 'delivered') as ${prefix}_median_ms`);

/** Messages whose latest submission attempt (of those `message_submission_start` holds, the one that is `sent_at`) started in the window: the scope's (own) and every live one. */
const routeHealthStatement = ({ accountId, environment }: ReportScope, window: ReportWindow) => sql<RouteHealthRow>`
  with w as (
    select m.route_code, m.status, (m.account_id = ${accountId} and m.environment = ${environment}) as own, m.environment = 'live' as live,
           (extract(epoch from m.delivered_at - m.sent_at) * 1000)::float8 as delivery_ms
      from message m
     where m.id in (select s.message_id from message_submission_start s
                     where s.started_at >= ${window.from.toISOString()}::timestamptz and s.started_at < ${window.to.toISOString()}::timestamptz)
       and m.sent_at >= ${window.from.toISOString()}::timestamptz and m.sent_at < ${window.to.toISOString()}::timestamptz
       and (m.environment = 'live' or (m.account_id = ${accountId} and m.environment = ${environment}))
  )
  select w.route_code, ${outcomes('own', 'account')}, ${outcomes('live', 'platform')}
  from w group by w.route_code order by w.route_code collate "C"`;

const outcomesFromRow = (row: RouteHealthRow, prefix: Outcomes): RouteOutcomes => ({
  attempted: Number(row[`${prefix}_attempted` as const]),
  delivered: Number(row[`${prefix}_delivered` as const]),
  failed: Number(row[`${prefix}_failed` as const]),
  pending: Number(row[`${prefix}_pending` as const]),
  medianDeliveryMs: row[`${prefix}_median_ms` as const],
});

/**
 * The message reports as SQL aggregates over a `TallySource` (with `message_batch` and `api_key` for
 * names): by default the hourly tallies with the window's edges from `message`; `MESSAGE_SCAN`
 * counts every message of the window instead (the exactness tests and the bench compare the two).
 */
export class MikroOrmMessageReports implements MessageReports {
  constructor(
    private readonly database: Database,
    private readonly source: TallySource = MESSAGE_TALLIES,
  ) {}

  /** Several statements over one snapshot, so the parts of an answer agree with each other. */
  private snapshot<T>(work: () => Promise<T>): Promise<T> {
    return this.database.em.transactional(work, { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true });
  }

  async totals(scope: ReportScope, window: ReportWindow): Promise<MessageTally> {
    const { rows } = await totalsStatement(this.source, scope, window).execute(this.database.query);
    return tallyFromRow(rows[0]!, scope.currency);
  }

  async daily(scope: ReportScope, window: ReportWindow): Promise<readonly DailyTally[]> {
    const { rows } = await dailyStatement(this.source, scope, window).execute(this.database.query);
    return rows.map((row) => ({ day: row.day, ...tallyFromRow(row, scope.currency) }));
  }

  /** The totals are the sum of the days: one scan of the messages fewer. */
  report(scope: ReportScope, window: ReportWindow): Promise<Report> {
    return this.snapshot(async () => {
      const daily = await this.daily(scope, window);
      const countries = await byCountryStatement(this.source, scope, window).execute(this.database.query);
      return {
        totals: sumOfTallies(daily, scope.currency),
        daily,
        byCountry: countries.rows.map((row) => ({ country: row.country, ...tallyFromRow(row, scope.currency) })),
      };
    });
  }

  breakdown(scope: ReportScope, window: ReportWindow, campaignLimit: number): Promise<Breakdown> {
    return this.snapshot(async () => {
      const { rows: campaignRows } = await campaignsStatement(this.source, scope, window, campaignLimit).execute(this.database.query);
      const { rows: apiKeyRows } = await byApiKeyStatement(this.source, scope, window).execute(this.database.query);
      return {
        campaigns: campaignRows.map((row): CampaignTally => ({
          batch:
            row.id === null
              ? null
              : {
                  id: row.id,
                  text: row.text,
                  createdAt: new Date(row.created_at),
                  recipients: row.total,
                  charged: storedMoney(row.charged, scope.currency, `charge of batch ${row.id}`),
                },
          ...tallyFromRow(row, scope.currency),
        })),
        campaignCount: Number(campaignRows[0]?.campaign_count ?? 0),
        apiKeys: apiKeyRows.map(
          (row): ApiKeyTally => ({
            apiKeyId: row.api_key_id,
            prefix: row.prefix,
            name: row.name,
            ...tallyFromRow(row, scope.currency),
          }),
        ),
      };
    });
  }

  async routeHealth(scope: ReportScope, window: ReportWindow): Promise<readonly RouteHealthTally[]> {
    const { rows } = await routeHealthStatement(scope, window).execute(this.database.query);
    return rows.map((row) => ({ routeCode: row.route_code, account: outcomesFromRow(row, 'account'), platform: outcomesFromRow(row, 'platform') }));
  }
}
