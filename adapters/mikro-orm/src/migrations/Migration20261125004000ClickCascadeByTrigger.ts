import { Migration } from '@mikro-orm/migrations';

/**
 * A click's link was checked by a foreign key: one lookup and one row lock of the link for every
 * click inserted, a third of PostgreSQL's work per click (docs/performance.md, "Short-link
 * redirects"). A flush now locks each of its links once (`for key share`, as the key check did)
 * and inserts only the clicks of links still there; a deleted link's clicks go with it through a
 * statement trigger, as the cascade did.
 */
export class Migration20261125004000ClickCascadeByTrigger extends Migration {
  override up(): void {
    this.addSql('alter table link_click drop constraint link_click_link_id_fkey');
    this.addSql(`
      create function link_click_cascade() returns trigger language plpgsql as $$
      begin
        delete from link_click where link_id in (select id from gone);
        return null;
      end $$`);
    this.addSql('create trigger link_click_cascade after delete on link referencing old table as gone for each statement execute function link_click_cascade()');
  }

  override down(): void {
    this.addSql('drop trigger link_click_cascade on link');
    this.addSql('drop function link_click_cascade()');
    this.addSql('delete from link_click where not exists (select 1 from link where link.id = link_click.link_id)');
    this.addSql('alter table link_click add constraint link_click_link_id_fkey foreign key (link_id) references link (id) on delete cascade');
  }
}
