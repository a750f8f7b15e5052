import { Migration } from '@mikro-orm/migrations';

/** What each account sent of its mail plan (issue 15, docs/mail.md "Billing"): emails per calendar month and per day, UTC, one per recipient. */
export class Migration20261125001020MailUsage extends Migration {
  override up(): void {
    this.addSql(`
      create table mail_usage (
        account_id varchar(40) not null references account (id),
        period varchar(10) not null check (period ~ '^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$'),
        emails integer not null check (emails >= 0),
        primary key (account_id, period)
      )`);
  }

  override down(): void {
    this.addSql('drop table mail_usage');
  }
}
