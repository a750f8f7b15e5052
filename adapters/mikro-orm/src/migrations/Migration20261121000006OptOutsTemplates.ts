import { Migration } from '@mikro-orm/migrations';

/**
 * Opt-out lists and message templates, per account (docs/decisions.md, "Opt-outs and templates").
 * `opt_out` is keyed by (account, number), which makes adding idempotent and lets a bulk send ask
 * for many numbers through the primary key. Template names are unique per account by `name_key`
 * (trimmed, NFC, lower case: computed by the domain, so every store agrees on every script).
 */
export class Migration20261121000006OptOutsTemplates extends Migration {
  override up(): void {
    this.addSql(`
      create table opt_out (
        account_id varchar(40) not null references account (id),
        phone varchar(16) not null check (phone ~ '^\\+[1-9][0-9]{1,14}$'),
        source varchar(8) not null check (source in ('api', 'sms')),
        keyword varchar(32) check (keyword <> ''),
        created_at timestamptz not null,
        primary key (account_id, phone),
        check ((source = 'sms') = (keyword is not null))
      )`);
    this.addSql('create index opt_out_account_created_idx on opt_out (account_id, created_at desc, phone)');
    this.addSql(`
      create table message_template (
        id bigint generated always as identity primary key,
        account_id varchar(40) not null references account (id),
        name varchar(80) not null check (name <> ''),
        name_key text not null,
        text text not null check (char_length(text) between 1 and 1600),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (account_id, name_key)
      )`);
    this.addSql('create index message_template_account_idx on message_template (account_id, id desc)');
  }

  override down(): void {
    this.addSql('drop table message_template');
    this.addSql('drop table opt_out');
  }
}
