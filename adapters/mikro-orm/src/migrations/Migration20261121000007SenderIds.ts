import { Migration } from '@mikro-orm/migrations';

/**
 * Sender-ID requests (docs/sender-ids.md). `sender_id` is the request and its decision;
 * `sender_id_hold` is what pending and approved requests hold, one row per (account, name,
 * country): its primary key is what refuses a second request of the same name in an overlapping
 * country (also between concurrent requests), and it answers "is this name approved here" by key.
 */
export class Migration20261121000007SenderIds extends Migration {
  override up(): void {
    this.addSql(`
      create table sender_id (
        id bigint generated always as identity primary key,
        account_id varchar(40) not null references account (id),
        name varchar(11) not null check (char_length(name) between 1 and 11 and name = btrim(name)),
        countries jsonb not null check (jsonb_typeof(countries) = 'array' and jsonb_array_length(countries) between 1 and 54),
        use_case varchar(500) check (use_case <> ''),
        status varchar(16) not null check (status in ('pending', 'approved', 'rejected')),
        rejection_reason varchar(500) check (rejection_reason <> ''),
        fee_usd numeric(20, 6) not null default 0 check (fee_usd >= 0),
        fee_amount numeric(20, 6) check (fee_amount > 0),
        fee_currency char(3) check (fee_currency ~ '^[A-Z]{3}$'),
        fee_fx_rate varchar(64),
        fee_entry_id varchar(40),
        fee_charged_at timestamptz,
        created_at timestamptz not null,
        decided_at timestamptz,
        unique (id, account_id, name),
        check ((status = 'rejected') = (rejection_reason is not null)),
        check ((status = 'pending') = (decided_at is null)),
        check (fee_usd = 0 or status = 'approved'),
        check ((fee_usd > 0) = (fee_charged_at is not null)),
        check (
          (fee_charged_at is null and fee_amount is null and fee_currency is null and fee_fx_rate is null and fee_entry_id is null)
          or (fee_charged_at is not null and fee_amount is not null and fee_currency is not null and fee_fx_rate is not null and fee_entry_id is not null)
        )
      )`);
    this.addSql('create index sender_id_account_idx on sender_id (account_id, id desc)');
    this.addSql('create index sender_id_status_idx on sender_id (status, id desc)');
    this.addSql(`
      create table sender_id_hold (
        account_id varchar(40) not null,
        name varchar(11) not null,
        country_code char(2) not null references market (country_code),
        sender_id_id bigint not null,
        primary key (account_id, name, country_code),
        foreign key (sender_id_id, account_id, name) references sender_id (id, account_id, name) on delete cascade
      )`);
    this.addSql('create index sender_id_hold_request_idx on sender_id_hold (sender_id_id)');
  }

  override down(): void {
    this.addSql('drop table sender_id_hold');
    this.addSql('drop table sender_id');
  }
}
