import { Migration } from '@mikro-orm/migrations';

/** Logins of the mail API's SMTP submission server (issue 18, docs/mail.md "SMTP submission"): the password as its SHA-256 only. */
export class Migration20261125001030SmtpCredentials extends Migration {
  override up(): void {
    this.addSql(`
      create table smtp_credential (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        name varchar(100) not null,
        username varchar(40) not null unique,
        password_hash char(64) not null,
        created_at timestamptz not null,
        last_used_at timestamptz
      )`);
    this.addSql('create index smtp_credential_account_idx on smtp_credential (account_id, id)');
  }

  override down(): void {
    this.addSql('drop table smtp_credential');
  }
}
