import { Migration } from '@mikro-orm/migrations';

/**
 * Smart encoding and message categories (docs/messages.md): a message keeps the text the caller gave
 * when smart encoding changed it, and whether it is promotional; an account's SMS settings hold its
 * smart-encoding default and its quiet-hours overrides (docs/quiet-hours.md).
 */
export class Migration20261125003300SmartEncoding extends Migration {
  override up(): void {
    this.addSql('alter table message add column original_text text');
    this.addSql(`alter table message add column category varchar(16) not null default 'transactional' check (category in ('transactional', 'promotional'))`);
    this.addSql(`
      create table account_sms_settings (
        account_id varchar(40) primary key references account (id),
        smart_encoding boolean not null default false,
        quiet_hours jsonb not null default '{}',
        updated_at timestamptz not null
      )`);
  }

  override down(): void {
    this.addSql('drop table account_sms_settings');
    this.addSql('alter table message drop column category');
    this.addSql('alter table message drop column original_text');
  }
}
