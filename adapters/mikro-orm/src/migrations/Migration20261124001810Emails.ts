import { Migration } from '@mikro-orm/migrations';

/**
 * Emails of the mail API (docs/mail.md, "Sending"): the message as sent (its attachments in base64
 * until it leaves, in `content`), the lower-case recipients and tags for the list's filters, and
 * each email's timeline, one event per type and recipient (a retried job repeats none). No
 * foreign key to the domain: deleting a domain keeps the history of what it sent.
 */
export class Migration20261124001810Emails extends Migration {
  override up(): void {
    this.addSql(`
      create table email (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        domain_id varchar(40) not null,
        from_address varchar(254) not null,
        recipients jsonb not null,
        subject text not null,
        tags jsonb not null,
        content jsonb not null,
        status varchar(10) not null check (status in ('scheduled', 'queued', 'sent', 'delivered', 'bounced', 'complained', 'failed', 'cancelled')),
        message_id text,
        scheduled_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create index email_account_idx on email (account_id, id desc)');
    this.addSql('create index email_recipients_idx on email using gin (recipients jsonb_path_ops)');
    this.addSql(`
      create table email_event (
        email_id varchar(40) not null references email (id) on delete cascade,
        type varchar(10) not null,
        recipient varchar(254) not null,
        at timestamptz not null,
        reason text,
        primary key (email_id, type, recipient)
      )`);
  }

  override down(): void {
    this.addSql('drop table email_event');
    this.addSql('drop table email');
  }
}
