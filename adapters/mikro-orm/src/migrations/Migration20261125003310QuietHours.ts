import { Migration } from '@mikro-orm/migrations';

/** The markets' quiet hours (docs/quiet-hours.md): their time zones and promotional hours, seeded at start, edited by operators. */
export class Migration20261125003310QuietHours extends Migration {
  override up(): void {
    this.addSql(`
      create table market_quiet_hours (
        country_code char(2) primary key references market (country_code),
        time_zones jsonb not null,
        promotional_hours jsonb,
        updated_by varchar(64),
        updated_at timestamptz
      )`);
  }

  override down(): void {
    this.addSql('drop table market_quiet_hours');
  }
}
