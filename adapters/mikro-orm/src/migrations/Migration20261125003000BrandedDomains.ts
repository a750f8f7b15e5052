import { Migration } from '@mikro-orm/migrations';

/**
 * Branded domains of the links API (docs/links.md, "Branded domains"): a hostname once across every
 * account; a link's domain_id now references one, and deleting a domain deletes its links (and
 * their clicks, by link_click's own cascade).
 */
export class Migration20261125003000BrandedDomains extends Migration {
  override up(): void {
    this.addSql(`
      create table link_domain (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        hostname varchar(253) not null,
        verify_token varchar(80) not null,
        verified boolean not null,
        tls_ready boolean not null,
        verified_at timestamptz,
        created_at timestamptz not null
      )`);
    this.addSql('create unique index link_domain_hostname_idx on link_domain (hostname)');
    this.addSql('create index link_domain_account_idx on link_domain (account_id, id)');
    // No link could name a domain before (any domain_id was refused): none is left dangling.
    this.addSql('update link set domain_id = null where domain_id is not null');
    this.addSql('alter table link add constraint link_domain_fk foreign key (domain_id) references link_domain (id) on delete cascade');
    this.addSql('create index link_domain_id_idx on link (domain_id) where domain_id is not null');
  }

  override down(): void {
    this.addSql('drop index link_domain_id_idx');
    this.addSql('alter table link drop constraint link_domain_fk');
    this.addSql('drop table link_domain');
  }
}
