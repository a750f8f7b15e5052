import { Migration } from '@mikro-orm/migrations';

/**
 * Outbound messages and bulk batches (docs/messages.md). A message row carries its price (route
 * and wallet currencies), the ledger entry it was charged on, and its delivery state; the
 * transitions are the domain's. Batch members are numbered (`batch_seq`) so dispatch jobs take
 * ranges; carrier ids are jsonb with a GIN index so receipts that only know the carrier's id find
 * their message.
 */
export class Migration20261121000008Messages extends Migration {
  override up(): void {
    this.addSql(`
      create table message_batch (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        api_key_id varchar(40),
        environment varchar(4) not null check (environment in ('live', 'test')),
        status varchar(10) not null check (status in ('sending', 'scheduled', 'dripping')),
        text text not null,
        sender_id varchar(11),
        total integer not null check (total > 0),
        cost numeric(20, 6) not null check (cost >= 0),
        currency char(3) not null,
        charge_entry_id varchar(40),
        scheduled_at timestamptz,
        drip_rate integer check (drip_rate > 0),
        created_at timestamptz not null
      )`);
    this.addSql('create index message_batch_account_idx on message_batch (account_id, created_at desc)');
    this.addSql(`
      create table message (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        api_key_id varchar(40),
        environment varchar(4) not null check (environment in ('live', 'test')),
        batch_id varchar(40) references message_batch (id),
        batch_seq integer,
        phone varchar(16) not null,
        country char(2) not null,
        route_code varchar(16) not null,
        sender_id varchar(16) not null,
        text text not null,
        encoding varchar(4) not null check (encoding in ('GSM7', 'UCS2')),
        segments integer not null check (segments > 0),
        price_per_segment numeric(20, 6) not null,
        route_cost numeric(20, 6) not null,
        route_currency char(3) not null,
        cost numeric(20, 6) not null check (cost >= 0),
        currency char(3) not null,
        charge_entry_id varchar(40),
        scheduled_at timestamptz,
        created_at timestamptz not null,
        carrier varchar(64),
        status varchar(10) not null check (status in ('queued', 'sent', 'submitted', 'delivered', 'failed', 'rejected')),
        retry_count integer not null default 0,
        error_code varchar(40),
        carrier_message_ids jsonb not null default '[]',
        part_outcomes jsonb not null default '[]',
        sent_at timestamptz,
        submitted_at timestamptz,
        delivered_at timestamptz,
        failed_at timestamptz,
        check ((batch_id is null) = (batch_seq is null))
      )`);
    this.addSql('create index message_account_env_created_idx on message (account_id, environment, created_at desc, id desc)');
    this.addSql('create index message_account_phone_idx on message (account_id, phone, created_at desc)');
    this.addSql('create unique index message_batch_seq_idx on message (batch_id, batch_seq) where batch_id is not null');
    this.addSql('create index message_carrier_ids_idx on message using gin (carrier_message_ids jsonb_path_ops)');
  }

  override down(): void {
    this.addSql('drop table message');
    this.addSql('drop table message_batch');
  }
}
