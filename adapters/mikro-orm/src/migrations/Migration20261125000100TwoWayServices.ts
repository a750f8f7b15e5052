import { Migration } from '@mikro-orm/migrations';

const LIVE = `status not in ('rejected', 'cancelled')`;
const LIVE_APPROVED = `status in ('active', 'past_due', 'suspended')`;
const usd = (column: string, nullable = false) => `${column} numeric(20, 6) ${nullable ? '' : 'not null '}check (${column} >= 0)`;

/**
 * Two-Way SMS (docs/two-way.md). `two_way_price` holds the operator's edits of the price table
 * (a market without a row is at its default). `two_way_short_code` is the inventory of codes Tuma
 * leases: one shared code per country at most, and a pool of dedicated ones in the order they were
 * provisioned. `two_way_service` is the service and its billing state; what a live service holds is
 * held by partial unique indexes: a shared keyword per country (claimed by the insert itself), a
 * dedicated number. Ending a service (rejected, cancelled) frees them with the status.
 */
export class Migration20261125000100TwoWayServices extends Migration {
  override up(): void {
    this.addSql(`
      create table two_way_price (
        country_code char(2) primary key references market (country_code),
        offered boolean not null,
        ${usd('setup_fee_usd')},
        ${usd('monthly_fee_usd')},
        ${usd('shared_keyword_monthly_fee_usd')},
        ${usd('custom_sms_price_usd', true)},
        toll_free_available boolean not null,
        ${usd('toll_free_inbound_price_usd', true)}
      )`);
    this.addSql(`
      create table two_way_short_code (
        number varchar(32) primary key check (number ~ '^[0-9A-Za-z+]{2,32}$'),
        country_code char(2) not null references market (country_code),
        kind varchar(9) not null check (kind in ('shared', 'dedicated')),
        position bigint not null generated always as identity
      )`);
    this.addSql(`create unique index two_way_short_code_shared_idx on two_way_short_code (country_code) where kind = 'shared'`);
    this.addSql('create index two_way_short_code_pool_idx on two_way_short_code (country_code, position)');
    this.addSql(`
      create table two_way_service (
        id bigint generated always as identity primary key,
        account_id varchar(40) not null references account (id),
        country_code char(2) not null references market (country_code),
        type varchar(9) not null check (type in ('dedicated', 'shared')),
        keyword varchar(20) check (keyword ~ '^[A-Z0-9]{1,20}$'),
        toll_free boolean not null,
        number varchar(32) check (number <> ''),
        use_case varchar(500) not null check (use_case <> ''),
        company_name varchar(500) not null check (company_name <> ''),
        kyc_document_urls jsonb not null check (jsonb_typeof(kyc_document_urls) = 'array'),
        webhook_url varchar(2048),
        auto_reply_enabled boolean not null,
        auto_reply_text varchar(500) not null,
        forward_email varchar(254),
        ${usd('setup_fee_usd')},
        ${usd('monthly_fee_usd')},
        ${usd('inbound_price_usd')},
        ${usd('outbound_price_usd')},
        status varchar(9) not null check (status in ('pending', 'active', 'past_due', 'suspended', 'rejected', 'cancelled')),
        approved_at timestamptz,
        periods_paid integer not null check (periods_paid >= 0),
        next_charge_at timestamptz,
        unpaid_since timestamptz,
        suspended_for varchar(11) check (suspended_for in ('operator', 'non_payment')),
        rejection_reason varchar(500),
        cancelled_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        check ((type = 'shared') = (keyword is not null)),
        check ((status = 'suspended') = (suspended_for is not null)),
        check ((status = 'rejected') = (rejection_reason is not null)),
        check ((status = 'cancelled') = (cancelled_at is not null)),
        check (status not in ('active', 'past_due', 'suspended') or (number is not null and approved_at is not null and periods_paid >= 1))
      )`);
    this.addSql(`create unique index two_way_service_keyword_idx on two_way_service (country_code, keyword) where type = 'shared' and ${LIVE}`);
    this.addSql(`create unique index two_way_service_number_idx on two_way_service (number) where type = 'dedicated' and ${LIVE}`);
    this.addSql(`create index two_way_service_on_number_idx on two_way_service (number) where ${LIVE_APPROVED}`);
    this.addSql(`create index two_way_service_due_idx on two_way_service (next_charge_at, id) where ${LIVE_APPROVED}`);
    this.addSql(`create index two_way_service_unpaid_idx on two_way_service (account_id, id) where unpaid_since is not null and ${LIVE_APPROVED}`);
    this.addSql('create index two_way_service_account_idx on two_way_service (account_id, created_at desc, id desc)');
    this.addSql('create index two_way_service_status_idx on two_way_service (status, created_at desc, id desc)');
  }

  override down(): void {
    this.addSql('drop table two_way_service');
    this.addSql('drop table two_way_short_code');
    this.addSql('drop table two_way_price');
  }
}
