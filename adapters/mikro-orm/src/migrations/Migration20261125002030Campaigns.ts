import { Migration } from '@mikro-orm/migrations';

/**
 * Campaigns of the links API (docs/links.md, "Campaigns"): a link's campaign_id now references one,
 * and deleting a campaign clears it on its links (which stay).
 */
export class Migration20261125002030Campaigns extends Migration {
  override up(): void {
    this.addSql(`
      create table link_campaign (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        environment varchar(4) not null check (environment in ('live', 'test')),
        name varchar(120) not null,
        color varchar(16),
        created_at timestamptz not null
      )`);
    this.addSql('create index link_campaign_account_idx on link_campaign (account_id, environment, id desc)');
    this.addSql('update link set campaign_id = null where campaign_id is not null');
    this.addSql('alter table link add constraint link_campaign_fk foreign key (campaign_id) references link_campaign (id) on delete set null');
    this.addSql('create index link_campaign_idx on link (campaign_id) where campaign_id is not null');
  }

  override down(): void {
    this.addSql('drop index link_campaign_idx');
    this.addSql('alter table link drop constraint link_campaign_fk');
    this.addSql('drop table link_campaign');
  }
}
