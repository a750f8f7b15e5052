import { Migration } from '@mikro-orm/migrations';

/**
 * Each account's suppression list of the mail API (docs/mail.md, "Suppressions"): an address once
 * per account (lower-case), why (a hard bounce or a complaint), and the email that put it there.
 * No foreign key to that email: the suppression outlives the email's retention.
 */
export class Migration20261125000500Suppressions extends Migration {
  override up(): void {
    this.addSql(`
      create table mail_suppression (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        email varchar(254) not null,
        reason varchar(16) not null check (reason in ('hard_bounce', 'complaint')),
        email_id varchar(40),
        detail text,
        created_at timestamptz not null,
        unique (account_id, email)
      )`);
    this.addSql('create index mail_suppression_account_idx on mail_suppression (account_id, id desc)');
  }

  override down(): void {
    this.addSql('drop table mail_suppression');
  }
}
