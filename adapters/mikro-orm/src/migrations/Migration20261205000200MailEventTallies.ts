import { Migration } from '@mikro-orm/migrations';

/** An event of `e` (with its email `m`) as its key in `email_event_tally` and its count, times `sign`. */
const counted = (e: string, sign: 1 | -1) => `select m.account_id, (${e}.at at time zone 'UTC')::date as day, ${e}.type, ${sign} as n from ${e} join email m on m.id = ${e}.email_id`;

const insertDeltas = (deltas: string) => `
  insert into email_event_tally (account_id, day, type, n)
  select account_id, day, type, sum(n) from (${deltas}) d group by account_id, day, type having sum(n) <> 0`;

/**
 * Mail analytics at scale (issue 34; docs/mail.md, "Analytics"): the account's events per UTC day
 * and type, kept by statement triggers on `email_event` in the statements that record events, as
 * `message_tally` is for SMS (Migration20261205000100MessageTallies: unfolded delta rows, folded by
 * `RollupFolds`). Emails are never deleted; an event deleted with its email (the cascade) finds no
 * email left to name its account, so the triggers count deletions of events whose email stays.
 */
export class Migration20261205000200MailEventTallies extends Migration {
  override up(): void {
    this.addSql(`
      create table email_event_tally (
        account_id varchar(40) not null,
        day date not null,
        type varchar(10) not null,
        n bigint not null,
        folded boolean not null default false
      )`);
    this.addSql('create unique index email_event_tally_key_idx on email_event_tally (account_id, day, type) where folded');
    this.addSql('create index email_event_tally_scope_idx on email_event_tally (account_id, day)');
    this.addSql('create index email_event_tally_unfolded_idx on email_event_tally (day) where not folded');
    this.addSql(`create function email_event_tally_added() returns trigger language plpgsql as $$ begin ${insertDeltas(counted('added', 1))}; return null; end $$`);
    this.addSql(
      `create function email_event_tally_changed() returns trigger language plpgsql as $$ begin ${insertDeltas(`${counted('after_rows', 1)} union all ${counted('before_rows', -1)}`)}; return null; end $$`,
    );
    this.addSql(`create function email_event_tally_removed() returns trigger language plpgsql as $$ begin ${insertDeltas(counted('gone', -1))}; return null; end $$`);
    this.addSql('create trigger email_event_tally_added after insert on email_event referencing new table as added for each statement execute function email_event_tally_added()');
    this.addSql(
      'create trigger email_event_tally_changed after update on email_event referencing old table as before_rows new table as after_rows for each statement execute function email_event_tally_changed()',
    );
    this.addSql('create trigger email_event_tally_removed after delete on email_event referencing old table as gone for each statement execute function email_event_tally_removed()');
    this.addSql(`
      insert into email_event_tally (account_id, day, type, n, folded)
      select account_id, day, type, sum(n), true from (${counted('email_event', 1)}) d group by account_id, day, type`);
  }

  override down(): void {
    this.addSql('drop trigger email_event_tally_removed on email_event');
    this.addSql('drop trigger email_event_tally_changed on email_event');
    this.addSql('drop trigger email_event_tally_added on email_event');
    this.addSql('drop function email_event_tally_removed()');
    this.addSql('drop function email_event_tally_changed()');
    this.addSql('drop function email_event_tally_added()');
    this.addSql('drop table email_event_tally');
  }
}
