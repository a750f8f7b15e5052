import { Migration } from '@mikro-orm/migrations';

/**
 * The deliveries log is kept WEBHOOK_LOG_RETENTION_DAYS from each event (docs/webhooks.md,
 * "Retention"): the purge finds the oldest finished deliveries by their event's time. Only inserts
 * pay for this index (created_at never changes, so a delivery's state updates stay HOT).
 */
export class Migration20261125003600WebhookLogRetention extends Migration {
  override up(): void {
    this.addSql('create index webhook_delivery_created_idx on webhook_delivery (created_at)');
  }

  override down(): void {
    this.addSql('drop index webhook_delivery_created_idx');
  }
}
