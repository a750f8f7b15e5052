import { Migration } from '@mikro-orm/migrations';

/**
 * Account webhooks (docs/webhooks.md): one configuration per account with its signing secret
 * sealed (AES-256-GCM, never stored in the clear), the outbox of events to deliver, and the log of
 * every delivery attempt. An attempt is logged once per (event, series, attempt); a redelivery
 * starts the next series.
 */
export class Migration20261121000011Webhooks extends Migration {
  override up(): void {
    this.addSql(`
      create table webhook_config (
        account_id varchar(40) primary key references account (id),
        dlr_url text check (char_length(dlr_url) between 1 and 2048),
        mo_url text check (char_length(mo_url) between 1 and 2048),
        is_active boolean not null,
        signing_secret_sealed text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql(`
      create table webhook_delivery (
        event_id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        kind varchar(3) not null check (kind in ('dlr', 'mo')),
        type varchar(64) not null,
        url text not null,
        body text not null,
        status varchar(9) not null check (status in ('pending', 'delivered', 'failed')),
        series integer not null check (series >= 1),
        attempts integer not null check (attempts between 0 and 6),
        next_attempt_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        check ((status = 'pending') = (next_attempt_at is not null))
      )`);
    this.addSql('create index webhook_delivery_account_idx on webhook_delivery (account_id, created_at desc, event_id desc)');
    this.addSql(`
      create table webhook_attempt (
        event_id varchar(40) not null references webhook_delivery (event_id) on delete cascade,
        series integer not null check (series >= 1),
        attempt integer not null check (attempt between 1 and 6),
        url text not null,
        at timestamptz not null,
        status_code integer,
        latency_ms integer not null check (latency_ms >= 0),
        error text,
        succeeded boolean not null,
        primary key (event_id, series, attempt)
      )`);
  }

  override down(): void {
    this.addSql('drop table webhook_attempt');
    this.addSql('drop table webhook_delivery');
    this.addSql('drop table webhook_config');
  }
}
