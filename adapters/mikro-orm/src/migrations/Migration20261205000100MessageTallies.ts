import { Migration } from '@mikro-orm/migrations';

/** The statuses of `message.status`, each a count column of `message_tally`. */
const STATUSES = ['queued', 'sent', 'submitted', 'delivered', 'failed', 'rejected'];

/** The domain's `refundsItsCost`, as report-sql.ts reads it: rejected, or failed without a carrier id or a receipt. */
const refunded = (m: string) => `${m}.status = 'rejected' or (${m}.status = 'failed' and ${m}.carrier_message_ids = '[]'::jsonb and ${m}.part_outcomes = '[]'::jsonb)`;

/** A message row of `m` as its key in `message_tally` and its measures, each times `sign` (1: counted in, -1: counted out). */
const measures = (m: string, sign: 1 | -1) =>
  [
    `${m}.account_id`,
    `${m}.environment`,
    `date_trunc('hour', ${m}.created_at, 'UTC') as hour`,
    `${m}.country`,
    `${m}.batch_id`,
    `${m}.api_key_id`,
    ...STATUSES.map((status) => `(${m}.status = '${status}')::int * ${sign} as ${status}`),
    `${m}.segments * ${sign} as segments`,
    `${m}.cost * ${sign} as cost`,
    `case when ${refunded(m)} then ${m}.cost * ${sign} else 0 end as refunded`,
  ].join(', ');

const KEY = 'account_id, environment, hour, country, batch_id, api_key_id';
const SUMS = [...STATUSES, 'segments', 'cost', 'refunded'];
const summed = SUMS.map((column) => `sum(${column})`).join(', ');
/** Groups whose deltas cancel out (an update that moved no status, e.g. a retry's count) are not written. */
const anyDelta = SUMS.map((column) => `sum(${column}) <> 0`).join(' or ');

/**
 * Message reports at scale (issue 34; docs/reports.md, "How they are computed"): per account,
 * environment, UTC hour, country, batch and API key, the messages' counts per status, segments,
 * cost and refunds, kept exact by statement triggers on `message` in the very statements that
 * write messages (sends, bulk members, dispatch, receipts, cancellations, refunds).
 *
 * A trigger only appends its statement's deltas as an unfolded row: it takes no lock another
 * writer waits for (a send holds its wallet's row, a receipt batch its messages', and an upsert of
 * one shared tally row would order those locks both ways: docs/decisions.md). Readers sum folded
 * and unfolded rows alike; `RollupFolds` merges the unfolded ones into one folded row per key
 * (`on conflict ... do update set n = n + excluded.n`) every few seconds.
 *
 * Creating the triggers locks `message` against writes until this migration commits, so the
 * backfill counts exactly the rows written before and the triggers every row after.
 */
export class Migration20261205000100MessageTallies extends Migration {
  override up(): void {
    this.addSql(`
      create table message_tally (
        account_id varchar(40) not null,
        environment varchar(4) not null,
        hour timestamptz not null,
        country char(2) not null,
        batch_id varchar(40),
        api_key_id varchar(40),
        ${STATUSES.map((status) => `${status} bigint not null`).join(', ')},
        segments bigint not null,
        cost numeric not null,
        refunded numeric not null,
        folded boolean not null default false
      )`);
    this.addSql(`create unique index message_tally_key_idx on message_tally (account_id, environment, hour, country, coalesce(batch_id, ''), coalesce(api_key_id, '')) where folded`);
    this.addSql('create index message_tally_scope_idx on message_tally (account_id, environment, hour)');
    this.addSql('create index message_tally_unfolded_idx on message_tally (hour) where not folded');
    this.addSql(`
      create function message_tally_added() returns trigger language plpgsql as $$
      begin
        insert into message_tally (${KEY}, ${SUMS.join(', ')})
        select ${KEY}, ${summed} from (select ${measures('a', 1)} from added a) d group by ${KEY};
        return null;
      end $$`);
    this.addSql(`
      create function message_tally_changed() returns trigger language plpgsql as $$
      begin
        insert into message_tally (${KEY}, ${SUMS.join(', ')})
        select ${KEY}, ${summed}
        from (select ${measures('a', 1)} from after_rows a union all select ${measures('b', -1)} from before_rows b) d
        group by ${KEY} having ${anyDelta};
        return null;
      end $$`);
    this.addSql(`
      create function message_tally_removed() returns trigger language plpgsql as $$
      begin
        insert into message_tally (${KEY}, ${SUMS.join(', ')})
        select ${KEY}, ${summed} from (select ${measures('g', -1)} from gone g) d group by ${KEY};
        return null;
      end $$`);
    this.addSql('create trigger message_tally_added after insert on message referencing new table as added for each statement execute function message_tally_added()');
    this.addSql(
      'create trigger message_tally_changed after update on message referencing old table as before_rows new table as after_rows for each statement execute function message_tally_changed()',
    );
    this.addSql('create trigger message_tally_removed after delete on message referencing old table as gone for each statement execute function message_tally_removed()');
    this.addSql(`
      insert into message_tally (${KEY}, ${SUMS.join(', ')}, folded)
      select ${KEY}, ${summed}, true from (select ${measures('m', 1)} from message m) d group by ${KEY}`);
  }

  override down(): void {
    this.addSql('drop trigger message_tally_removed on message');
    this.addSql('drop trigger message_tally_changed on message');
    this.addSql('drop trigger message_tally_added on message');
    this.addSql('drop function message_tally_removed()');
    this.addSql('drop function message_tally_changed()');
    this.addSql('drop function message_tally_added()');
    this.addSql('drop table message_tally');
  }
}
