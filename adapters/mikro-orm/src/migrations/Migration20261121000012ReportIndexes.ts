import { Migration } from '@mikro-orm/migrations';

/**
 * Route health (docs/reports.md) reads every account's messages whose latest submission attempt
 * started in the last hour: a range over `sent_at`, which only dispatch writes. The per-account
 * reports read `message_account_env_created_idx` (migration 000008).
 */
export class Migration20261121000012ReportIndexes extends Migration {
  override up(): void {
    this.addSql('create index message_sent_at_idx on message (sent_at) where sent_at is not null');
  }

  override down(): void {
    this.addSql('drop index message_sent_at_idx');
  }
}
