import { Migration } from '@mikro-orm/migrations';

/**
 * Per-route throughput for the whole fleet of workers (docs/deployment.md): one token bucket per
 * route, leased from by every worker process, on the database's clock. Unlogged: a crash loses
 * at most one second's worth of tokens, which the next lease recreates full.
 */
export class Migration20261124000060RouteThroughput extends Migration {
  override up(): void {
    this.addSql(`
      create unlogged table route_throughput (
        route_code varchar(16) primary key,
        tokens double precision not null check (tokens >= 0),
        refilled_at timestamptz not null
      )`);
  }

  override down(): void {
    this.addSql('drop table route_throughput');
  }
}
