import { Migration } from '@mikro-orm/migrations';

/**
 * The account service (issue 14, docs/accounts.md): users, mailed single-use tokens and refresh
 * token families (SHA-256 hashes only), team memberships and invites, failed logins, and the local
 * mail outbox. Sessions, memberships and tokens name users and accounts without foreign keys: the
 * identity stores are a context of their own, tested apart from accounts' tables.
 */
export class Migration20261124001600Identity extends Migration {
  override up(): void {
    this.addSql(`
      create table app_user (
        id varchar(40) primary key,
        email varchar(254) not null unique,
        name varchar(120),
        company varchar(120),
        password_hash varchar(255) not null,
        email_verified_at timestamptz,
        status varchar(8) not null check (status in ('active', 'disabled')),
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql(`
      create table one_time_token (
        token_hash char(64) primary key,
        purpose varchar(16) not null check (purpose in ('verify_email', 'reset_password', 'invite')),
        subject varchar(40) not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      )`);
    this.addSql('create index one_time_token_subject_idx on one_time_token (subject, purpose) where used_at is null');
    this.addSql('create index one_time_token_expires_idx on one_time_token (expires_at)');
    this.addSql(`
      create table user_session (
        id varchar(40) primary key,
        user_id varchar(40) not null,
        account_id varchar(40) not null,
        token_hash char(64) not null unique,
        created_at timestamptz not null,
        rotated_at timestamptz not null,
        refresh_expires_at timestamptz not null,
        expires_at timestamptz not null,
        ended_at timestamptz,
        end_reason varchar(20),
        check ((ended_at is null) = (end_reason is null))
      )`);
    this.addSql('create index user_session_user_idx on user_session (user_id, created_at, id)');
    this.addSql(`
      create table replaced_refresh_token (
        token_hash char(64) primary key,
        session_id varchar(40) not null references user_session (id) on delete cascade
      )`);
    this.addSql('create index replaced_refresh_token_session_idx on replaced_refresh_token (session_id)');
    this.addSql(`
      create table membership (
        account_id varchar(40) not null,
        user_id varchar(40) not null,
        role varchar(10) not null check (role in ('owner', 'admin', 'developer', 'viewer')),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        primary key (account_id, user_id)
      )`);
    this.addSql('create index membership_user_idx on membership (user_id, created_at)');
    this.addSql(`
      create table team_invite (
        id varchar(40) primary key,
        account_id varchar(40) not null,
        email varchar(254) not null,
        role varchar(10) not null check (role in ('admin', 'developer', 'viewer')),
        invited_by varchar(40) not null,
        created_at timestamptz not null,
        expires_at timestamptz not null
      )`);
    this.addSql('create index team_invite_account_idx on team_invite (account_id, created_at)');
    // Unlogged, as Verify's counters: a crash forgets at most 15 minutes of failed logins.
    this.addSql(`
      create unlogged table login_failure (
        key varchar(300) not null,
        at timestamptz not null
      )`);
    this.addSql('create index login_failure_key_idx on login_failure (key, at desc)');
    this.addSql('create index login_failure_at_idx on login_failure (at)');
    this.addSql(`
      create table mail_outbox (
        id bigint generated always as identity primary key,
        recipient varchar(254) not null,
        subject varchar(255) not null,
        text_body text not null,
        html_body text,
        created_at timestamptz not null
      )`);
    this.addSql('create index mail_outbox_recipient_idx on mail_outbox (recipient, id desc)');
  }

  override down(): void {
    for (const table of ['mail_outbox', 'login_failure', 'team_invite', 'membership', 'replaced_refresh_token', 'user_session', 'one_time_token', 'app_user']) this.addSql(`drop table ${table}`);
  }
}
