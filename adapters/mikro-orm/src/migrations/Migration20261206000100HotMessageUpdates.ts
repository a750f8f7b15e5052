import { Migration } from '@mikro-orm/migrations';

/**
 * Half the WAL of an SMS (issue 34, docs/performance.md "Sustained sends"): a message's updates
 * (claim, submission, receipt) become HOT — written into the row's own page with no index entry —
 * once no index covers a column they change:
 * - A receipt finds its message through `message_carrier_id`, an insert-only table with one row
 *   per carrier id, instead of a GIN index on `carrier_message_ids` (which made the submission
 *   rewrite every index of the table). The column stays the message's record of its ids.
 * - Route health's window of submission starts reads `message_submission_start`, one insert-only
 *   row per claim, instead of an index on `sent_at` (which made the claim rewrite every index).
 * - `fillfactor = 40`: a claim or a submission rewrites a group's rows at once (often every row of
 *   a page), and the versions it replaces are pruned only once no snapshot still sees them, so a
 *   page needs room for its rows' next two versions (in the sustained-send bench 90% of the updates
 *   were HOT at 40, 76% at 50, 57% at 70, 13% at 100 with the indexes above). The price: the table
 *   takes about 2.5 times the pages of a packed one.
 * A write of messages adds the ids and the start it brought (compared with the row it changed);
 * neither table has a unique key (its check would cost a WAL record per row) nor a foreign key (its
 * check would lock the message row, a write of its own): readers take a row written twice once.
 */
export class Migration20261206000100HotMessageUpdates extends Migration {
  override up(): void {
    this.addSql(`
      create table message_carrier_id (
        carrier varchar(64) not null,
        carrier_message_id text not null,
        message_id varchar(40) not null
      )`);
    this.addSql('create index message_carrier_id_idx on message_carrier_id (carrier, carrier_message_id)');
    this.addSql(`
      insert into message_carrier_id (carrier, carrier_message_id, message_id)
      select m.carrier, ids.id, m.id from message m cross join lateral jsonb_array_elements_text(m.carrier_message_ids) as ids(id)
      where m.carrier is not null`);
    this.addSql('drop index message_carrier_ids_idx');
    this.addSql(`
      create table message_submission_start (
        started_at timestamptz not null,
        message_id varchar(40) not null
      )`);
    this.addSql('create index message_submission_start_idx on message_submission_start (started_at)');
    this.addSql('insert into message_submission_start (started_at, message_id) select sent_at, id from message where sent_at is not null');
    this.addSql('drop index message_sent_at_idx');
    this.addSql('alter table message set (fillfactor = 40)');
    // Ascending, read backwards for the newest first: new rows land after their neighbours, where a
    // full page splits 90/10 and stays full, not before them, where it splits in half.
    this.addSql('drop index message_account_env_created_idx');
    this.addSql('create index message_account_env_created_idx on message (account_id, environment, created_at, id)');
    this.addSql('drop index message_account_phone_idx');
    this.addSql('create index message_account_phone_idx on message (account_id, phone, created_at)');
    this.addSql('drop index message_live_phone_idx');
    this.addSql(`create index message_live_phone_idx on message (phone, created_at, id collate "C") where environment = 'live'`);
  }

  override down(): void {
    this.addSql('drop index message_live_phone_idx');
    this.addSql(`create index message_live_phone_idx on message (phone, created_at desc, id collate "C" desc) where environment = 'live'`);
    this.addSql('drop index message_account_phone_idx');
    this.addSql('create index message_account_phone_idx on message (account_id, phone, created_at desc)');
    this.addSql('drop index message_account_env_created_idx');
    this.addSql('create index message_account_env_created_idx on message (account_id, environment, created_at desc, id desc)');
    this.addSql('alter table message reset (fillfactor)');
    this.addSql('create index message_sent_at_idx on message (sent_at) where sent_at is not null');
    this.addSql('drop table message_submission_start');
    this.addSql('create index message_carrier_ids_idx on message using gin (carrier_message_ids jsonb_path_ops)');
    this.addSql('drop table message_carrier_id');
  }
}
