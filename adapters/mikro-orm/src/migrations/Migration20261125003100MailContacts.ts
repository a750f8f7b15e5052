import { Migration } from '@mikro-orm/migrations';

/**
 * The mail API's contact lists (docs/mail.md, "Contacts and broadcasts"), shaped like the SMS ones
 * (Migration20261121000009ContactLists): a list name once per account in any case; a contact once
 * per list and address (lower-case), `position` drawn in insertion order for pages and broadcasts,
 * `data` as jsonb; contacts go with their list.
 */
export class Migration20261125003100MailContacts extends Migration {
  override up(): void {
    this.addSql(`
      create table mail_contact_list (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        name text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create unique index mail_contact_list_account_name_key on mail_contact_list (account_id, lower(name))');
    this.addSql('create index mail_contact_list_account_idx on mail_contact_list (account_id, id desc)');
    this.addSql(`
      create table mail_contact (
        id varchar(40) primary key,
        list_id varchar(40) not null references mail_contact_list (id) on delete cascade,
        position bigint generated always as identity,
        email varchar(254) not null,
        first_name text,
        last_name text,
        data jsonb not null default '{}',
        unsubscribed boolean not null default false,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (list_id, email)
      )`);
    this.addSql('create index mail_contact_list_position_idx on mail_contact (list_id, position)');
  }

  override down(): void {
    this.addSql('drop table mail_contact');
    this.addSql('drop table mail_contact_list');
  }
}
