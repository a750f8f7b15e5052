import { Migration } from '@mikro-orm/migrations';

/** Per-customer SMS prices (USD a segment) by account and country: two-way replies of the account are billed at them (docs/two-way.md, "Replies"). */
export class Migration20261125000300AccountSmsPrices extends Migration {
  override up(): void {
    this.addSql(`
      create table account_sms_price (
        account_id varchar(40) not null references account (id),
        country_code char(2) not null references market (country_code),
        price_usd numeric(20, 6) not null check (price_usd >= 0),
        primary key (account_id, country_code)
      )`);
  }

  override down(): void {
    this.addSql('drop table account_sms_price');
  }
}
