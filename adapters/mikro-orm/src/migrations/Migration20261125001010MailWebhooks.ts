import { Migration } from '@mikro-orm/migrations';

/** Mail webhooks (issue 15, docs/mail.md "Webhooks"): an account's endpoints of mail events, each with its sealed signing secret. */
export class Migration20261125001010MailWebhooks extends Migration {
  override up(): void {
    this.addSql(`
      create table mail_webhook (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        url text not null,
        events jsonb not null check (jsonb_typeof(events) = 'array'),
        secret_sealed text not null,
        is_active boolean not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create index mail_webhook_account_idx on mail_webhook (account_id, id)');
  }

  override down(): void {
    this.addSql('drop table mail_webhook');
  }
}
