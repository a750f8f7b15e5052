/** The two ways to a link's `ClickSummary`: a scan of its clicks, or its daily tallies (issue 34). */
import { sql, type RawBuilder } from 'kysely';
import type { AnalyticsWindow, ClickSummary } from '@tuma/links';
import type { Rollup } from '../database/rollup-folds.ts';

const DAY_MS = 86_400_000;

/** `link_click_tally` (migration 20261205000300): human clicks per link, UTC day and breakdown value, and the day's uniques. */
export const LINK_CLICK_TALLY: Rollup = { table: 'link_click_tally', key: ['link_id', 'day', 'dimension', 'value'], conflictTarget: 'link_id, day, dimension, value', sums: ['clicks'] };

/** One statement answering the summary of a link over a window (ending today), as one json column `summary`. */
export type ClickSummarySource = (linkId: string, window: AnalyticsWindow) => RawBuilder<{ summary: ClickSummary }>;

const timelineDays = (window: AnalyticsWindow) => sql`(select generate_series(${window.from}::date, ${window.to}::date, interval '1 day')::date as day) d`;

/** Every human click of the window: the definition the tallies must equal (and the analytics before issue 34). */
export const CLICK_SCAN: ClickSummarySource = (linkId, window) => {
  const from = `${window.from}T00:00:00.000Z`;
  const until = new Date(Date.parse(`${window.to}T00:00:00.000Z`) + DAY_MS).toISOString();
  return sql<{ summary: ClickSummary }>`
    with counted as (
      select (at at time zone 'UTC')::date as day, country, device, browser, referrer, visitor
      from link_click where link_id = ${linkId} and not bot and at >= ${from}::timestamptz and at < ${until}::timestamptz
    ), per_day as (
      select day, count(*) as clicks, count(distinct visitor) as uniques from counted group by day
    )
    select json_build_object(
      'totals', (select json_build_object('clicks', count(*), 'uniques', count(distinct visitor)) from counted),
      'timeline', (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'clicks', coalesce(per_day.clicks, 0), 'uniques', coalesce(per_day.uniques, 0)) order by d.day)
                   from ${timelineDays(window)} left join per_day on per_day.day = d.day),
      'byCountry', (select coalesce(json_object_agg(country, n), '{}'::json) from (select country, count(*) as n from counted where country is not null group by country) x),
      'byDevice', (select coalesce(json_object_agg(device, n), '{}'::json) from (select device, count(*) as n from counted where device is not null group by device) x),
      'byBrowser', (select coalesce(json_object_agg(browser, n), '{}'::json) from (select browser, count(*) as n from counted where browser is not null group by browser) x),
      'byReferrer', (select coalesce(json_object_agg(referrer, n), '{}'::json) from (select referrer, count(*) as n from counted group by referrer) x)
    ) as summary`;
};

/**
 * The window's tallies (folded and unfolded rows alike). Totals' uniques are the visitors whose
 * last day is in the window: the window ends today, so they are those who clicked in it.
 */
export const CLICK_TALLIES: ClickSummarySource = (linkId, window) => sql<{ summary: ClickSummary }>`
  with t as (
    select day, dimension, value, sum(clicks) as n from link_click_tally
    where link_id = ${linkId} and day >= ${window.from}::date and day <= ${window.to}::date
    group by day, dimension, value
  ), per_day as (
    select day, sum(n) filter (where dimension = 'clicks') as clicks, sum(n) filter (where dimension = 'uniques') as uniques from t group by day
  )
  select json_build_object(
    'totals', json_build_object('clicks', (select coalesce(sum(n), 0) from t where dimension = 'clicks'), 'uniques', (select coalesce(sum(n), 0) from t where dimension = 'last_seen')),
    'timeline', (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'clicks', coalesce(per_day.clicks, 0), 'uniques', coalesce(per_day.uniques, 0)) order by d.day)
                 from ${timelineDays(window)} left join per_day on per_day.day = d.day),
    ${sql.join(
      (['country', 'device', 'browser', 'referrer'] as const).map(
        (dimension) =>
          sql`${sql.lit(`by${dimension[0]!.toUpperCase()}${dimension.slice(1)}`)}, (select coalesce(json_object_agg(value, n), '{}'::json) from (select value, sum(n) as n from t where dimension = ${dimension} group by value having sum(n) <> 0) x)`,
      ),
    )}
  ) as summary`;
