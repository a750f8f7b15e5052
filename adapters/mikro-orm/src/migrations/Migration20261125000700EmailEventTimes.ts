import { Migration } from '@mikro-orm/migrations';

/** Mail analytics (docs/mail.md, "Analytics") reads the events of a window of days: by their time. */
export class Migration20261125000700EmailEventTimes extends Migration {
  override up(): void {
    this.addSql('create index email_event_at_idx on email_event (at)');
  }

  override down(): void {
    this.addSql('drop index email_event_at_idx');
  }
}
