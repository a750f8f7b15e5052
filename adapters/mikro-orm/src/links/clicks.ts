import { sql } from 'kysely';
import type { AnalyticsWindow, Click, ClickAnalytics, ClickStore, ClickSummary } from '@tuma/links';
import { textArrayLiteral } from '../database/array-literal.ts';
import type { Database } from '../database/database.ts';
import { CLICK_TALLIES, type ClickSummarySource } from './click-summaries.ts';


/**
 * Clicks in `link_click`: written a flush at a time (its triggers keep the daily tallies), read back
 * as one statement per analytics request, from the tallies (or, given `CLICK_SCAN`, the clicks).
 */
export class MikroOrmClicks implements ClickStore, ClickAnalytics {
  constructor(
    private readonly database: Database,
    private readonly source: ClickSummarySource = CLICK_TALLIES,
  ) {}

  /**
   * One flush, one statement: each link of the batch locked once against its deletion (`for key
   * share`, what a foreign key would take for every click), the clicks of links still there inserted
   * (those deleted meanwhile skipped), and those links' counts raised by their human clicks, counted
   * here (the last two parameters), joined to the locked links so that the lock is taken before the
   * update (a row this statement updates is invisible to the rest of it). The columns come as array
   * literals: a bind parameter each, whatever the batch's size.
   */
  async append(clicks: readonly Click[]): Promise<void> {
    if (clicks.length === 0) return;
    const humans = new Map<string, number>();
    for (const click of clicks) if (!click.bot) humans.set(click.linkId, (humans.get(click.linkId) ?? 0) + 1);
    const text = (value: (click: Click) => string | null) => textArrayLiteral(clicks.map(value));
    // Cut to the columns' sizes: one odd value must not make the whole flush fail.
    const linkIds = text((c) => c.linkId);
    const atMs = `{${clicks.map((c) => c.at.getTime()).join(',')}}`;
    const countries = text((c) => (c.country?.length === 2 ? c.country : null));
    const devices = text((c) => c.device);
    const browsers = text((c) => c.browser?.slice(0, 60) ?? null);
    const referrers = text((c) => c.referrer.slice(0, 253));
    const bots = `{${clicks.map((c) => (c.bot ? 't' : 'f')).join(',')}}`;
    const visitors = text((c) => c.visitor);
    const humanLinkIds = textArrayLiteral([...humans.keys()]);
    const humanCounts = `{${[...humans.values()].join(',')}}`;
    await sql`
      with batch as (
        select link_id, to_timestamp(at_ms / 1000.0) as at, country, device, browser, referrer, bot, visitor
        from unnest(${linkIds}::text[], ${atMs}::float8[], ${countries}::text[], ${devices}::text[], ${browsers}::text[], ${referrers}::text[], ${bots}::boolean[], ${visitors}::text[])
          as c(link_id, at_ms, country, device, browser, referrer, bot, visitor)
      ), present as (
        select id from link where id in (select distinct link_id from batch) for key share
      ), inserted as (
        insert into link_click (link_id, at, country, device, browser, referrer, bot, visitor)
        select batch.link_id, batch.at, batch.country, batch.device, batch.browser, batch.referrer, batch.bot, batch.visitor from batch join present on present.id = batch.link_id
      )
      update link set clicks = link.clicks + humans.count
      from unnest(${humanLinkIds}::text[], ${humanCounts}::bigint[]) as humans(link_id, count) join present on present.id = humans.link_id
      where link.id = humans.link_id`.execute(this.database.query);
  }

  /** One statement: totals, the timeline gap-filled over generate_series, and the four breakdowns, bots left out. */
  async summarize(linkId: string, window: AnalyticsWindow): Promise<ClickSummary> {
    const { rows } = await this.source(linkId, window).execute(this.database.query);
    return rows[0]!.summary;
  }
}
