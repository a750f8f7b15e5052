import { IsolationLevel } from '@mikro-orm/core';
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
import { date } from './message-rows.ts';
import { IN_SCOPE, PENDING, scopeParams, TALLY_AGGREGATES, TALLY_NAMES, tallyColumns, tallyFromRow } from './report-sql.ts';
import { storedMoney } from '../database/stored-money.ts';

type Row = Record<string, unknown>;

const TOTALS = `select ${tallyColumns('t')} from (select ${TALLY_AGGREGATES} from message m where ${IN_SCOPE}) t`;

/** Grouped by UTC day, then every day of the window from generate_series, the days without messages too. */
const DAILY = `
  with t as (select (m.created_at at time zone 'UTC')::date as day, ${TALLY_AGGREGATES} from message m where ${IN_SCOPE} group by 1)
  select to_char(s.day, 'YYYY-MM-DD') as day, ${tallyColumns('t')}
  from generate_series(?::date, ?::date, interval '1 day') as s (day) left join t on t.day = s.day::date
  order by s.day`;

const BY_COUNTRY = `
  select t.country, ${tallyColumns('t')}
  from (select m.country, ${TALLY_AGGREGATES} from message m where ${IN_SCOPE} group by m.country) t
  order by t.messages desc, t.country collate "C"`;

/**
 * The window's messages per batch (null: the single ones) with their batch, then the window's
 * batches without written messages; most spent first, newest first, the single messages last.
 */
const CAMPAIGNS = `
  with t as (select m.batch_id, ${TALLY_AGGREGATES} from message m where ${IN_SCOPE} group by m.batch_id),
  c as (
    select t.batch_id as id, left(b.text, ${CAMPAIGN_TEXT_EXCERPT}) as text, b.created_at, b.total, b.cost as charged, ${TALLY_NAMES.map((n) => `t.${n}`).join(', ')}
      from t left join message_batch b on b.id = t.batch_id
    union all
    select b.id, left(b.text, ${CAMPAIGN_TEXT_EXCERPT}), b.created_at, b.total, b.cost, ${TALLY_NAMES.map(() => '0').join(', ')}
      from message_batch b
     where b.account_id = ? and b.environment = ? and b.created_at >= ?::timestamptz and b.created_at < ?::timestamptz
       and not exists (select 1 from t where t.batch_id = b.id)
  )
  select c.id, c.text, c.created_at, c.total, c.charged::text as charged, ${tallyColumns('c')}, count(*) over () as campaign_count
  from c order by c.cost - c.refunded desc, c.created_at desc nulls last, c.id collate "C" desc
  limit ?`;

const BY_API_KEY = `
  select t.api_key_id, k.prefix, k.name, ${tallyColumns('t')}
  from (select m.api_key_id, ${TALLY_AGGREGATES} from message m where ${IN_SCOPE} group by m.api_key_id) t
  left join api_key k on k.id = t.api_key_id
  order by t.cost - t.refunded desc, t.api_key_id collate "C" nulls last`;

/** Outcomes of the rows of `w` where `flag` holds, as columns `<prefix>_<field>`. */
const outcomes = (flag: string, prefix: string): string => `
  count(*) filter (where w.${flag}) as ${prefix}_attempted,
  count(*) filter (where w.${flag} and w.status = 'delivered') as ${prefix}_delivered,
  count(*) filter (where w.${flag} and w.status = 'failed') as ${prefix}_failed,
  count(*) filter (where w.${flag} and w.status in (${PENDING})) as ${prefix}_pending,
  percentile_cont(0.5) within group (order by w.delivery_ms) filter (where w.${flag} and w.status = 'delivered') as ${prefix}_median_ms`;

/** Messages whose latest submission attempt started in the window: the scope's (own) and every live one. */
const ROUTE_HEALTH = `
  with w as (
    select m.route_code, m.status, (m.account_id = ? and m.environment = ?) as own, m.environment = 'live' as live,
           (extract(epoch from m.delivered_at - m.sent_at) * 1000)::float8 as delivery_ms
      from message m
     where m.sent_at >= ?::timestamptz and m.sent_at < ?::timestamptz and (m.environment = 'live' or (m.account_id = ? and m.environment = ?))
  )
  select w.route_code, ${outcomes('own', 'account')}, ${outcomes('live', 'platform')}
  from w group by w.route_code order by w.route_code collate "C"`;

const outcomesFromRow = (row: Row, prefix: string): RouteOutcomes => ({
  attempted: Number(row[`${prefix}_attempted`]),
  delivered: Number(row[`${prefix}_delivered`]),
  failed: Number(row[`${prefix}_failed`]),
  pending: Number(row[`${prefix}_pending`]),
  medianDeliveryMs: row[`${prefix}_median_ms`] === null ? null : Number(row[`${prefix}_median_ms`]),
});

/** The message reports as SQL aggregates over `message` (with `message_batch` and `api_key` for names). */
export class MikroOrmMessageReports implements MessageReports {
  constructor(private readonly database: Database) {}

  private query(sql: string, params: unknown[]): Promise<Row[]> {
    return this.database.em.execute<Row[]>(sql, params);
  }

  /** Several statements over one snapshot, so the parts of an answer agree with each other. */
  private snapshot<T>(work: () => Promise<T>): Promise<T> {
    return this.database.em.transactional(work, { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true });
  }

  async totals(scope: ReportScope, window: ReportWindow): Promise<MessageTally> {
    const [row] = await this.query(TOTALS, scopeParams(scope, window));
    return tallyFromRow(row!, scope.currency);
  }

  async daily(scope: ReportScope, window: ReportWindow): Promise<readonly DailyTally[]> {
    const rows = await this.query(DAILY, [...scopeParams(scope, window), window.firstDay, window.lastDay]);
    return rows.map((row) => ({ day: String(row.day), ...tallyFromRow(row, scope.currency) }));
  }

  /** The totals are the sum of the days: one scan of the messages fewer. */
  report(scope: ReportScope, window: ReportWindow): Promise<Report> {
    return this.snapshot(async () => {
      const daily = await this.daily(scope, window);
      const byCountry = await this.query(BY_COUNTRY, scopeParams(scope, window));
      return {
        totals: sumOfTallies(daily, scope.currency),
        daily,
        byCountry: byCountry.map((row) => ({ country: String(row.country), ...tallyFromRow(row, scope.currency) })),
      };
    });
  }

  breakdown(scope: ReportScope, window: ReportWindow, campaignLimit: number): Promise<Breakdown> {
    return this.snapshot(async () => {
      const campaignRows = await this.query(CAMPAIGNS, [...scopeParams(scope, window), ...scopeParams(scope, window), campaignLimit]);
      const apiKeyRows = await this.query(BY_API_KEY, scopeParams(scope, window));
      return {
        campaigns: campaignRows.map((row): CampaignTally => ({
          batch:
            row.id === null
              ? null
              : {
                  id: String(row.id),
                  text: String(row.text),
                  createdAt: date(row.created_at as Date | string),
                  recipients: Number(row.total),
                  charged: storedMoney(String(row.charged), scope.currency, `charge of batch ${String(row.id)}`),
                },
          ...tallyFromRow(row, scope.currency),
        })),
        campaignCount: Number(campaignRows[0]?.campaign_count ?? 0),
        apiKeys: apiKeyRows.map(
          (row): ApiKeyTally => ({
            apiKeyId: row.api_key_id === null ? null : String(row.api_key_id),
            prefix: row.prefix === null ? null : String(row.prefix),
            name: row.name === null ? null : String(row.name),
            ...tallyFromRow(row, scope.currency),
          }),
        ),
      };
    });
  }

  async routeHealth(scope: ReportScope, window: ReportWindow): Promise<readonly RouteHealthTally[]> {
    const { accountId, environment } = scope;
    const rows = await this.query(ROUTE_HEALTH, [accountId, environment, window.from.toISOString(), window.to.toISOString(), accountId, environment]);
    return rows.map((row) => ({ routeCode: String(row.route_code), account: outcomesFromRow(row, 'account'), platform: outcomesFromRow(row, 'platform') }));
  }
}
