import { Migration } from '@mikro-orm/migrations';

/**
 * Request rate limits (issue 12): the operator's per-account limits, and the counters that API
 * processes on one PostgreSQL share (rate-limiter-flexible's table layout: key, points, expire in
 * epoch ms). The counters live a second or ten: the table is unlogged (no WAL; emptied after a crash).
 */
export class Migration20261124001200RateLimits extends Migration {
  override up(): void {
    this.addSql(`
      create table account_rate_limit (
        account_id varchar(40) primary key references account (id),
        per_second integer not null check (per_second > 0),
        burst integer not null check (burst >= per_second),
        updated_at timestamptz not null
      )`);
    this.addSql(`
      create unlogged table rate_limit_counter (
        key varchar(255) primary key,
        points integer not null default 0,
        expire bigint
      )`);
  }

  override down(): void {
    this.addSql('drop table rate_limit_counter');
    this.addSql('drop table account_rate_limit');
  }
}
