import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks per environment (docs/webhooks.md, "Test and live"): an account has a live and a test
 * configuration, each with its URLs and signing secret, and every event belongs to one of them.
 * Existing configurations and events were the account's only ones and carried live traffic: they
 * become the live ones (their sealed secrets stay bound to the account id, as live secrets are).
 */
export class Migration20261124000050WebhookEnvironments extends Migration {
  override up(): void {
    this.addSql(`alter table webhook_config add column environment varchar(4) not null default 'live' check (environment in ('live', 'test'))`);
    this.addSql('alter table webhook_config alter column environment drop default');
    this.addSql('alter table webhook_config drop constraint webhook_config_pkey');
    this.addSql('alter table webhook_config add primary key (account_id, environment)');
    this.addSql(`alter table webhook_delivery add column environment varchar(4) not null default 'live' check (environment in ('live', 'test'))`);
    this.addSql('alter table webhook_delivery alter column environment drop default');
    this.addSql('drop index webhook_delivery_account_idx');
    this.addSql('create index webhook_delivery_account_idx on webhook_delivery (account_id, environment, created_at desc, event_id desc)');
  }

  override down(): void {
    this.addSql('drop index webhook_delivery_account_idx');
    this.addSql('create index webhook_delivery_account_idx on webhook_delivery (account_id, created_at desc, event_id desc)');
    this.addSql(`delete from webhook_delivery where environment = 'test'`);
    this.addSql('alter table webhook_delivery drop column environment');
    this.addSql(`delete from webhook_config where environment = 'test'`);
    this.addSql('alter table webhook_config drop constraint webhook_config_pkey');
    this.addSql('alter table webhook_config drop column environment');
    this.addSql('alter table webhook_config add primary key (account_id)');
  }
}
