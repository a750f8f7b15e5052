import { Migration } from '@mikro-orm/migrations';

/**
 * Sender addresses of the mail API (docs/mail.md, "Sender addresses"): one address (lower-case)
 * an account may send from without a verified domain once confirmed, once per account. An email
 * sent from one has no domain: `email.domain_id` becomes optional.
 */
export class Migration20261125000600SenderAddresses extends Migration {
  override up(): void {
    this.addSql(`
      create table mail_sender_address (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        email varchar(254) not null,
        name varchar(200),
        status varchar(10) not null check (status in ('pending', 'confirmed')),
        confirmed_at timestamptz,
        created_at timestamptz not null,
        unique (account_id, email)
      )`);
    this.addSql('alter table email alter column domain_id drop not null');
  }

  override down(): void {
    this.addSql('drop table mail_sender_address');
    this.addSql('alter table email alter column domain_id set not null');
  }
}
