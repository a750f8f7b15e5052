import { Migration } from '@mikro-orm/migrations';

/**
 * The one webhook engine serves several products (docs/webhooks.md): each delivery names the
 * product whose profile delivers it, so that each product's deliveries log shows its own events
 * (the SMS log never shows mail's). Existing deliveries are SMS's. A mail event's kind is the id
 * of the webhook it goes to (`mwh_...`), longer than SMS's `dlr` and `mo`.
 */
export class Migration20261125001000WebhookProducts extends Migration {
  override up(): void {
    this.addSql(`alter table webhook_delivery add column product varchar(16) not null default 'sms'`);
    this.addSql('alter table webhook_delivery alter column product drop default');
    // Each product names its own kinds of endpoint.
    this.addSql('alter table webhook_delivery drop constraint webhook_delivery_kind_check');
    this.addSql('alter table webhook_delivery alter column kind type varchar(40)');
    this.addSql('drop index webhook_delivery_account_idx');
    this.addSql('create index webhook_delivery_account_idx on webhook_delivery (account_id, environment, product, created_at desc, event_id desc)');
  }

  override down(): void {
    this.addSql('drop index webhook_delivery_account_idx');
    this.addSql('create index webhook_delivery_account_idx on webhook_delivery (account_id, environment, created_at desc, event_id desc)');
    this.addSql(`delete from webhook_delivery where product <> 'sms'`);
    this.addSql('alter table webhook_delivery drop column product');
    this.addSql('alter table webhook_delivery alter column kind type varchar(3)');
    this.addSql(`alter table webhook_delivery add constraint webhook_delivery_kind_check check (kind in ('dlr', 'mo'))`);
  }
}
