import { Migration } from '@mikro-orm/migrations';

/**
 * Mail domains (docs/mail.md): one row per account and name (another account may claim a name
 * too; the one who publishes the records verifies it), the last check's statuses per record, and
 * the DKIM private key sealed (AES-256-GCM under the webhook secret key, never in the clear).
 * The embedded outbox keeps the messages it "sent", found by recipient.
 */
export class Migration20261124001700MailDomains extends Migration {
  override up(): void {
    this.addSql(`
      create table mail_domain (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        name varchar(253) not null,
        region varchar(16) not null,
        status varchar(8) not null check (status in ('pending', 'verified', 'failed')),
        record_statuses jsonb not null,
        open_tracking boolean not null,
        click_tracking boolean not null,
        dkim_selector varchar(63) not null,
        dkim_public_key text not null,
        dkim_private_key_sealed text not null,
        checked_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (account_id, name)
      )`);
    this.addSql('create index mail_domain_account_idx on mail_domain (account_id, created_at desc, id desc)');
    this.addSql(`create index mail_domain_verified_idx on mail_domain (name) where status = 'verified'`);
    this.addSql(`
      create table mail_outbox_message (
        message_id text primary key,
        email_id varchar(40) not null,
        from_address text not null,
        from_name text,
        recipients text[] not null,
        subject text not null,
        return_path text not null,
        raw text not null,
        created_at timestamptz not null
      )`);
    this.addSql('create index mail_outbox_message_created_idx on mail_outbox_message (created_at desc)');
    this.addSql('create index mail_outbox_message_recipients_idx on mail_outbox_message using gin (recipients)');
  }

  override down(): void {
    this.addSql('drop table mail_outbox_message');
    this.addSql('drop table mail_domain');
  }
}
