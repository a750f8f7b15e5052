import { Migration } from '@mikro-orm/migrations';

/** Click webhooks of the links API (docs/links.md, "Webhooks"): per account and environment, each with its sealed signing secret; deliveries in the engine's outbox (product `links`). */
export class Migration20261125003020LinkWebhooks extends Migration {
  override up(): void {
    this.addSql(`
      create table link_webhook (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        environment varchar(4) not null check (environment in ('live', 'test')),
        url text not null,
        events jsonb not null check (jsonb_typeof(events) = 'array'),
        secret_sealed text not null,
        is_active boolean not null,
        created_at timestamptz not null
      )`);
    this.addSql('create index link_webhook_account_idx on link_webhook (account_id, id)');
  }

  override down(): void {
    this.addSql('drop table link_webhook');
  }
}
