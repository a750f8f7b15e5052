import { Migration } from '@mikro-orm/migrations';

/**
 * Broadcasts (docs/mail.md, "Contacts and broadcasts"): the message with its placeholders, and the
 * recipients snapshotted from the list when it was accepted, numbered by `seq` in the list's order,
 * each in one state and, once its email is written, naming it. No foreign key to the list, the
 * contact or the email: a broadcast keeps its history when they are deleted.
 */
export class Migration20261125003110Broadcasts extends Migration {
  override up(): void {
    this.addSql(`
      create table mail_broadcast (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        list_id varchar(40) not null,
        domain_id varchar(40),
        content jsonb not null,
        scheduled_at timestamptz,
        cancelled_at timestamptz,
        created_at timestamptz not null
      )`);
    this.addSql('create index mail_broadcast_account_idx on mail_broadcast (account_id, id desc)');
    this.addSql(`
      create table mail_broadcast_recipient (
        broadcast_id varchar(40) not null references mail_broadcast (id) on delete cascade,
        seq integer not null,
        contact_id varchar(40) not null,
        email varchar(254) not null,
        first_name text,
        last_name text,
        data jsonb not null,
        state varchar(24) not null check (state in ('pending', 'queued', 'skipped_unsubscribed', 'skipped_suppressed', 'cancelled')),
        email_id varchar(40),
        primary key (broadcast_id, seq)
      )`);
  }

  override down(): void {
    this.addSql('drop table mail_broadcast_recipient');
    this.addSql('drop table mail_broadcast');
  }
}
