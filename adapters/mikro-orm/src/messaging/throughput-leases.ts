import type { ThroughputLeases } from '@tuma/messaging';
import type { Database } from '../database/database.ts';

/**
 * Takes up to `wanted` tokens of the route's bucket in one statement, under the row's lock: the
 * bucket refills at the rate up to one second's worth, on the database's clock (the same for every
 * process). No row yet: none is granted and the caller's next lease finds the full bucket.
 */
const LEASE = `
  update route_throughput b
  set tokens = s.available - s.granted, refilled_at = s.at
  from (
    select a.available, a.at, least(?::float8, floor(a.available)) as granted
    from (
      select least(?::float8, t.tokens + extract(epoch from (clock_timestamp() - t.refilled_at)) * ?::float8) as available, clock_timestamp() as at
      from route_throughput t where t.route_code = ? for update
    ) a
  ) s
  where b.route_code = ?
  returning s.granted, s.available - s.granted as left`;

const CREATE = `insert into route_throughput (route_code, tokens, refilled_at) values (?, ?, clock_timestamp()) on conflict (route_code) do nothing`;

/** The fleet's per-route token buckets in the `route_throughput` table (docs/deployment.md). */
export class MikroOrmThroughputLeases implements ThroughputLeases {
  constructor(private readonly database: Database) {}

  async lease(routeCode: string, wanted: number, ratePerSecond: number): Promise<{ granted: number; retryInMs: number }> {
    return this.database.withContext(async () => {
      const em = this.database.em;
      let [row] = await em.execute<{ granted: number; left: number }[]>(LEASE, [wanted, ratePerSecond, ratePerSecond, routeCode, routeCode]);
      if (!row) {
        await em.execute(CREATE, [routeCode, ratePerSecond], 'run');
        [row] = await em.execute<{ granted: number; left: number }[]>(LEASE, [wanted, ratePerSecond, ratePerSecond, routeCode, routeCode]);
      }
      const granted = Number(row?.granted ?? 0);
      const left = Number(row?.left ?? 0);
      return { granted, retryInMs: left >= 1 ? 0 : Math.ceil(((1 - left) / ratePerSecond) * 1000) };
    });
  }
}
