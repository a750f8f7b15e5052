import { Migration } from '@mikro-orm/migrations';

/**
 * Saved contact lists and their members (docs/contacts.md). List names are unique per account by
 * `lower(name)` (names are stored trimmed and NFC-normalised by the domain). A member is keyed by
 * (list, number), so adding a listed number updates it; `position` keeps the insertion order that
 * pages and bulk sends read, through the (list_id, position) index. Deleting a list deletes its members.
 */
export class Migration20261121000009ContactLists extends Migration {
  override up(): void {
    this.addSql(`
      create table contact_list (
        id bigint generated always as identity primary key,
        account_id varchar(40) not null references account (id),
        name varchar(80) not null check (name <> ''),
        description varchar(500) check (description <> ''),
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create unique index contact_list_account_name_key on contact_list (account_id, lower(name))');
    this.addSql('create index contact_list_account_idx on contact_list (account_id, id desc)');
    this.addSql(`
      create table contact (
        list_id bigint not null references contact_list (id) on delete cascade,
        phone varchar(16) not null check (phone ~ '^\\+[1-9][0-9]{1,14}$'),
        country char(2) not null,
        name varchar(120) check (name <> ''),
        vars jsonb not null check (jsonb_typeof(vars) = 'object'),
        position bigint not null generated always as identity,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        primary key (list_id, phone)
      )`);
    this.addSql('create index contact_list_position_idx on contact (list_id, position)');
  }

  override down(): void {
    this.addSql('drop table contact');
    this.addSql('drop table contact_list');
  }
}
