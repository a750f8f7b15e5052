import { Migration } from '@mikro-orm/migrations';

/** Operator-set exchange rates: 1 `from_currency` = `rate` `to_currency`, exact to 12 decimals. */
export class Migration20261121000003FxRates extends Migration {
  override up(): void {
    this.addSql(`
      create table fx_rate (
        from_currency char(3) not null check (from_currency ~ '^[A-Z]{3}$'),
        to_currency char(3) not null check (to_currency ~ '^[A-Z]{3}$'),
        rate numeric(30, 12) not null check (rate > 0),
        updated_at timestamptz not null,
        updated_by varchar(120),
        primary key (from_currency, to_currency),
        check (from_currency <> to_currency)
      )`);
  }

  override down(): void {
    this.addSql('drop table fx_rate');
  }
}
