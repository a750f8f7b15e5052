import { Migration } from '@mikro-orm/migrations';

const DAY = `(c.at at time zone 'UTC')::date`;

/**
 * Link analytics at scale (issue 34; docs/links.md, "Analytics"): a statement trigger on `link_click`
 * counts each flush's human clicks per link, UTC day and breakdown value (`link_click_tally`, unfolded
 * delta rows folded by `RollupFolds`, as `message_tally`), and keeps what exact unique counts need:
 *
 * - `link_visitor_day`, one row per visitor and day of a link: the rows a flush adds (`on conflict do
 *   nothing`, so concurrent flushes add each once) are the day's new uniques (`uniques`);
 * - `link_visitor`, each visitor's last day, moved forward under its row lock (`on conflict do update
 *   ... where` newer, the day it replaces kept in `previous_day` for `returning`): a window that ends
 *   today, as every analytics window does, holds exactly the visitors whose last day falls in it, so
 *   its uniques are the sum of `last_seen` over its days.
 *
 * Clicks leave only with their link (`link_click_cascade`), and so do its tallies and visitors.
 */
export class Migration20261205000300ClickTallies extends Migration {
  override up(): void {
    this.addSql(`
      create table link_click_tally (
        link_id varchar(40) not null,
        day date not null,
        dimension varchar(9) not null check (dimension in ('clicks', 'uniques', 'last_seen', 'country', 'device', 'browser', 'referrer')),
        value varchar(253) not null,
        clicks bigint not null,
        folded boolean not null default false
      )`);
    this.addSql('create unique index link_click_tally_key_idx on link_click_tally (link_id, day, dimension, value) where folded');
    this.addSql('create index link_click_tally_link_idx on link_click_tally (link_id, day)');
    this.addSql('create index link_click_tally_unfolded_idx on link_click_tally (day) where not folded');
    this.addSql('create table link_visitor_day (link_id varchar(40) not null, day date not null, visitor char(64) not null, primary key (link_id, day, visitor))');
    this.addSql('create table link_visitor (link_id varchar(40) not null, visitor char(64) not null, last_day date not null, previous_day date, primary key (link_id, visitor))');
    this.addSql(`
      create function link_click_tally_added() returns trigger language plpgsql as $$
      begin
        insert into link_click_tally (link_id, day, dimension, value, clicks)
        select c.link_id, ${DAY}, d.dimension, d.value, count(*)
        from added c cross join lateral (values ('clicks', ''), ('country', c.country), ('device', c.device), ('browser', c.browser), ('referrer', c.referrer)) as d (dimension, value)
        where not c.bot and d.value is not null
        group by 1, 2, 3, 4;
        with fresh as (
          insert into link_visitor_day (link_id, day, visitor)
          select distinct c.link_id, ${DAY}, c.visitor from added c where not c.bot order by 1, 2, 3
          on conflict do nothing
          returning link_id, day
        )
        insert into link_click_tally (link_id, day, dimension, value, clicks) select link_id, day, 'uniques', '', count(*) from fresh group by 1, 2;
        with seen as (
          insert into link_visitor as v (link_id, visitor, last_day)
          select c.link_id, c.visitor, max(${DAY}) from added c where not c.bot group by 1, 2 order by 1, 2
          on conflict (link_id, visitor) do update set last_day = excluded.last_day, previous_day = v.last_day where v.last_day < excluded.last_day
          returning link_id, last_day, previous_day
        )
        insert into link_click_tally (link_id, day, dimension, value, clicks)
        select link_id, day, 'last_seen', '', sum(n) from (
          select link_id, last_day as day, 1 as n from seen union all select link_id, previous_day, -1 from seen where previous_day is not null
        ) moved group by 1, 2 having sum(n) <> 0;
        return null;
      end $$`);
    this.addSql('create trigger link_click_tally_added after insert on link_click referencing new table as added for each statement execute function link_click_tally_added()');
    this.addSql(`
      create function link_click_tally_cascade() returns trigger language plpgsql as $$
      begin
        delete from link_click_tally where link_id in (select id from gone);
        delete from link_visitor_day where link_id in (select id from gone);
        delete from link_visitor where link_id in (select id from gone);
        return null;
      end $$`);
    this.addSql('create trigger link_click_tally_cascade after delete on link referencing old table as gone for each statement execute function link_click_tally_cascade()');
    // The clicks stored so far, as the trigger would have counted them.
    this.addSql(`insert into link_visitor_day (link_id, day, visitor) select distinct c.link_id, ${DAY}, c.visitor from link_click c where not c.bot`);
    this.addSql(`insert into link_visitor (link_id, visitor, last_day) select link_id, visitor, max(day) from link_visitor_day group by 1, 2`);
    this.addSql(`
      insert into link_click_tally (link_id, day, dimension, value, clicks, folded)
      select c.link_id, ${DAY}, d.dimension, d.value, count(*), true
      from link_click c cross join lateral (values ('clicks', ''), ('country', c.country), ('device', c.device), ('browser', c.browser), ('referrer', c.referrer)) as d (dimension, value)
      where not c.bot and d.value is not null
      group by 1, 2, 3, 4
      union all select link_id, day, 'uniques', '', count(*), true from link_visitor_day group by 1, 2
      union all select link_id, last_day, 'last_seen', '', count(*), true from link_visitor group by 1, 2`);
  }

  override down(): void {
    this.addSql('drop trigger link_click_tally_cascade on link');
    this.addSql('drop trigger link_click_tally_added on link_click');
    this.addSql('drop function link_click_tally_cascade()');
    this.addSql('drop function link_click_tally_added()');
    this.addSql('drop table link_visitor');
    this.addSql('drop table link_visitor_day');
    this.addSql('drop table link_click_tally');
  }
}
