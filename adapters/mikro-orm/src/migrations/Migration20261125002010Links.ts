import { Migration } from '@mikro-orm/migrations';

/**
 * Short links and their clicks (docs/links.md). A slug is unique per domain (the default short
 * domain's links have no domain_id); test-environment links are rows of their own environment.
 * Clicks keep no address: a salted daily visitor hash. `link.clicks` is raised by each flush.
 */
export class Migration20261125002010Links extends Migration {
  override up(): void {
    this.addSql(`
      create table link (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        environment varchar(4) not null check (environment in ('live', 'test')),
        domain_id varchar(40),
        slug varchar(64) not null,
        url text not null,
        campaign_id varchar(40),
        title varchar(200),
        tags jsonb not null,
        expires_at timestamptz,
        expired_url text,
        password_hash text,
        utm jsonb not null,
        clicks bigint not null default 0,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql("create unique index link_domain_slug_idx on link (coalesce(domain_id, ''), slug)");
    this.addSql('create index link_account_idx on link (account_id, environment, id desc)');
    this.addSql(`
      create table link_click (
        link_id varchar(40) not null references link (id) on delete cascade,
        at timestamptz not null,
        country char(2),
        device varchar(8) check (device in ('mobile', 'desktop', 'tablet')),
        browser varchar(60),
        referrer varchar(253) not null,
        bot boolean not null,
        visitor char(64) not null
      )`);
    this.addSql('create index link_click_link_at_idx on link_click (link_id, at)');
  }

  override down(): void {
    this.addSql('drop table link_click');
    this.addSql('drop table link');
  }
}
