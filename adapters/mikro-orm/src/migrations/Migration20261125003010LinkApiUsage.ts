import { Migration } from '@mikro-orm/migrations';

/** Requests with a live links key per account and calendar month UTC (the plan's api_monthly; docs/links.md, "API requests"), flushed from memory. */
export class Migration20261125003010LinkApiUsage extends Migration {
  override up(): void {
    this.addSql(`
      create table link_api_usage (
        account_id varchar(40) not null references account (id) on delete cascade,
        month char(7) not null,
        requests bigint not null,
        primary key (account_id, month)
      )`);
  }

  override down(): void {
    this.addSql('drop table link_api_usage');
  }
}
