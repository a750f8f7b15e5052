import type { AnalyticsWindow, Click, ClickAnalytics, ClickStore, ClickSummary } from '@tuma/links';
import type { Database } from '../../database/database.ts';

const DAY_MS = 86_400_000;

/**
 * One flush, one statement: the clicks inserted (those of links deleted meanwhile skipped), and
 * each link's count raised by its human ones.
 */
const APPEND = `
  with batch as (
    select * from jsonb_to_recordset(?::jsonb) as c(link_id text, at timestamptz, country text, device text, browser text, referrer text, bot boolean, visitor text)
  ), inserted as (
    insert into link_click (link_id, at, country, device, browser, referrer, bot, visitor)
    select batch.link_id, batch.at, batch.country, batch.device, batch.browser, batch.referrer, batch.bot, batch.visitor from batch join link on link.id = batch.link_id
    returning link_id, bot
  )
  update link set clicks = link.clicks + humans.count
  from (select link_id, count(*) as count from inserted where not bot group by link_id) humans
  where link.id = humans.link_id`;

/** One aggregate: totals, the timeline gap-filled over generate_series, and the four breakdowns, bots left out. */
const SUMMARY = `
  with counted as (
    select (at at time zone 'UTC')::date as day, country, device, browser, referrer, visitor
    from link_click where link_id = ? and not bot and at >= ?::timestamptz and at < ?::timestamptz
  ), per_day as (
    select day, count(*) as clicks, count(distinct visitor) as uniques from counted group by day
  )
  select json_build_object(
    'totals', (select json_build_object('clicks', count(*), 'uniques', count(distinct visitor)) from counted),
    'timeline', (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'clicks', coalesce(per_day.clicks, 0), 'uniques', coalesce(per_day.uniques, 0)) order by d.day)
                 from (select generate_series(?::date, ?::date, interval '1 day')::date as day) d left join per_day on per_day.day = d.day),
    'byCountry', (select coalesce(json_object_agg(country, n), '{}'::json) from (select country, count(*) as n from counted where country is not null group by country) x),
    'byDevice', (select coalesce(json_object_agg(device, n), '{}'::json) from (select device, count(*) as n from counted where device is not null group by device) x),
    'byBrowser', (select coalesce(json_object_agg(browser, n), '{}'::json) from (select browser, count(*) as n from counted where browser is not null group by browser) x),
    'byReferrer', (select coalesce(json_object_agg(referrer, n), '{}'::json) from (select referrer, count(*) as n from counted group by referrer) x)
  )::text as summary`;

/** Clicks in `link_click`: written a flush at a time, read back as one aggregate per analytics request. */
export class MikroOrmClicks implements ClickStore, ClickAnalytics {
  constructor(private readonly database: Database) {}

  async append(clicks: readonly Click[]): Promise<void> {
    if (clicks.length === 0) return;
    // Cut to the columns' sizes: one odd value must not make the whole flush fail.
    const rows = clicks.map((c) => ({
      link_id: c.linkId,
      at: c.at.toISOString(),
      country: c.country?.length === 2 ? c.country : null,
      device: c.device,
      browser: c.browser?.slice(0, 60) ?? null,
      referrer: c.referrer.slice(0, 253),
      bot: c.bot,
      visitor: c.visitor,
    }));
    await this.database.em.execute(APPEND, [JSON.stringify(rows)], 'run');
  }

  async summarize(linkId: string, window: AnalyticsWindow): Promise<ClickSummary> {
    const from = `${window.from}T00:00:00.000Z`;
    const until = new Date(Date.parse(`${window.to}T00:00:00.000Z`) + DAY_MS).toISOString();
    const [row] = await this.database.em.execute<{ summary: string }[]>(SUMMARY, [linkId, from, until, window.from, window.to]);
    return JSON.parse(row!.summary) as ClickSummary;
  }
}
