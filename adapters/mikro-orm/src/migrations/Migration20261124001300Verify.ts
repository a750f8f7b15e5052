import { Migration } from '@mikro-orm/migrations';

/**
 * Verify (docs/verify.md): Verify Apps, verifications (codes kept only as peppered HMACs, dropped
 * once final) and the fixed-window counters of the fraud guards, shared by every API process.
 */
export class Migration20261124001300Verify extends Migration {
  override up(): void {
    this.addSql(`
      create table verify_app (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        name varchar(80) not null,
        brand varchar(30) not null,
        template varchar(500) not null,
        code_length int not null check (code_length between 4 and 10),
        ttl_seconds int not null check (ttl_seconds between 60 and 3600),
        max_check_attempts int not null check (max_check_attempts between 1 and 10),
        max_sends int not null check (max_sends between 1 and 10),
        resend_cooldown_seconds int not null check (resend_cooldown_seconds between 0 and 3600),
        allowed_countries jsonb not null default '[]',
        sender_id varchar(16),
        is_default boolean not null default false,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create index verify_app_account_idx on verify_app (account_id, created_at, id)');
    this.addSql('create unique index verify_app_default_idx on verify_app (account_id) where is_default');
    this.addSql(`
      create table verification (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        environment varchar(4) not null check (environment in ('live', 'test')),
        app_id varchar(40) not null,
        phone varchar(16) not null,
        country char(2) not null,
        channel varchar(8) not null,
        status varchar(24) not null check (status in ('pending', 'approved', 'expired', 'max_attempts_reached', 'canceled', 'failed')),
        code_hash char(64),
        ttl_seconds int not null,
        max_check_attempts int not null,
        max_sends int not null,
        resend_cooldown_seconds int not null,
        expires_at timestamptz not null,
        check_attempts int not null check (check_attempts between 0 and max_check_attempts),
        sends int not null check (sends between 1 and max_sends),
        last_sent_at timestamptz not null,
        message_ids jsonb not null default '[]',
        cost numeric(20, 6) not null check (cost >= 0),
        currency char(3) not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        check (status = 'pending' or code_hash is null)
      )`);
    this.addSql('create index verification_account_idx on verification (account_id, environment, created_at desc, id desc)');
    this.addSql('create index verification_due_idx on verification (expires_at) where status = \'pending\'');
    this.addSql(`
      create unlogged table verify_velocity (
        key varchar(200) not null,
        window_start bigint not null,
        count int not null,
        primary key (key, window_start)
      )`);
  }

  override down(): void {
    this.addSql('drop table verify_velocity');
    this.addSql('drop table verification');
    this.addSql('drop table verify_app');
  }
}
