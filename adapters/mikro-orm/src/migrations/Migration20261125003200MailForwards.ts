import { Migration } from '@mikro-orm/migrations';

/**
 * Forwards of the mail API (issue 18, docs/mail.md "Forwards") and their log: one row per message
 * each re-sent (or bounce relayed back), the message kept (`raw`) only until it is settled.
 */
export class Migration20261125003200MailForwards extends Migration {
  override up(): void {
    this.addSql(`
      create table mail_forward (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        domain_id varchar(40) not null references mail_domain (id) on delete cascade,
        domain_name varchar(253) not null,
        alias varchar(64) not null,
        to_address varchar(254) not null,
        created_at timestamptz not null,
        unique (domain_id, alias)
      )`);
    this.addSql('create index mail_forward_account_idx on mail_forward (account_id, id)');
    // No foreign key to the domain: an attempt whose domain went away is settled failed by its job.
    this.addSql(`
      create table mail_forward_attempt (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        forward_id varchar(40) references mail_forward (id) on delete cascade,
        domain_id varchar(40) not null,
        recipient text not null,
        to_address text not null,
        envelope_from text not null,
        return_path text not null,
        original_from text,
        message_id text,
        subject text,
        outcome varchar(9) not null check (outcome in ('pending', 'delivered', 'failed', 'loop')),
        error text,
        received_at timestamptz not null,
        settled_at timestamptz,
        raw bytea
      )`);
    this.addSql('create index mail_forward_attempt_forward_idx on mail_forward_attempt (forward_id, id)');
  }

  override down(): void {
    this.addSql('drop table mail_forward_attempt');
    this.addSql('drop table mail_forward');
  }
}
