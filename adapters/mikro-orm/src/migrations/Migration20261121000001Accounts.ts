import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000001Accounts extends Migration {
  override up(): void {
    this.addSql(`
      create table account (
        id varchar(40) primary key,
        email varchar(254) not null,
        status varchar(16) not null check (status in ('active', 'suspended')),
        is_admin boolean not null default false,
        wallet_currency char(3) not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create unique index account_email_unique on account (email)');
    this.addSql(`
      create table api_key (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        name varchar(120),
        prefix varchar(40) not null,
        secret_hash char(64) not null,
        scopes jsonb not null,
        environment varchar(8) not null check (environment in ('live', 'test')),
        kind varchar(16) not null check (kind in ('customer', 'operator')),
        last_used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz not null
      )`);
    this.addSql('create unique index api_key_prefix_unique on api_key (prefix)');
    this.addSql('create index api_key_account_idx on api_key (account_id)');
  }

  override down(): void {
    this.addSql('drop table api_key');
    this.addSql('drop table account');
  }
}
