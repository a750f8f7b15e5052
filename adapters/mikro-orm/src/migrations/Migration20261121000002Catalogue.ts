import { Migration } from '@mikro-orm/migrations';

/**
 * The catalogue: markets, routes and sender-ID fees. Rows are added by the seed at start (from the
 * built-in data) and then belong to the database; operators change routes through the API/CLI.
 */
export class Migration20261121000002Catalogue extends Migration {
  override up(): void {
    this.addSql(`
      create table market (
        country_code char(2) primary key check (country_code ~ '^[A-Z]{2}$'),
        name varchar(120) not null,
        calling_code varchar(8) not null,
        currency char(3) not null,
        networks jsonb not null,
        regulator varchar(240) not null,
        sender_id_registration boolean not null,
        sender_id_free boolean not null,
        promo_note text,
        rules jsonb not null,
        otp_available boolean not null,
        two_way boolean not null,
        position integer not null
      )`);
    this.addSql(`
      create table route (
        code varchar(32) primary key,
        name varchar(120) not null,
        country_code char(2) not null references market (country_code),
        currency char(3) not null,
        price_per_segment numeric(20, 6) not null check (price_per_segment > 0),
        sender_id_default varchar(11) not null,
        is_active boolean not null
      )`);
    this.addSql('create index route_country_idx on route (country_code)');
    // A country has at most one active route.
    this.addSql('create unique index route_one_active_per_country on route (country_code) where is_active');
    this.addSql(`
      create table sender_id_fee (
        country_code char(2) primary key references market (country_code),
        fee_type varchar(16) not null check (fee_type in ('one_time', 'per_network', 'on_request')),
        fee_usd numeric(20, 6) check (fee_usd >= 0),
        covers varchar(16) check (covers in ('all_networks')),
        currency char(3),
        fee_table jsonb,
        recurring_period varchar(16) check (recurring_period in ('monthly')),
        note text,
        check (
          (fee_type = 'one_time' and fee_usd is not null and covers is not null and currency is null and fee_table is null)
          or (fee_type = 'per_network' and fee_usd is null and covers is null and currency is not null and fee_table is not null)
          or (fee_type = 'on_request' and fee_usd is null and covers is null and currency is null and fee_table is null)
        )
      )`);
  }

  override down(): void {
    this.addSql('drop table sender_id_fee');
    this.addSql('drop table route');
    this.addSql('drop table market');
  }
}
