import { sql } from 'kysely';
import type { ThroughputLeases } from '@tuma/messaging';
import type { Database } from '../database/database.ts';

/**
 * Takes up to `wanted` tokens of the route's bucket in one statement, under the row's lock: the
 * bucket refills at the rate up to one second's worth, on the database's clock (the same for every
 * process). No row yet: none is granted and the caller's next lease finds the full bucket.
 */
const leaseStatement = (routeCode: string, wanted: number, ratePerSecond: number) => sql<{ granted: number; left: number }>`
  update route_throughput b
  set tokens = s.available - s.granted, refilled_at = s.at
  from (
    select a.available, a.at, least(${wanted}::float8, floor(a.available)) as granted
    from (
      select least(${ratePerSecond}::float8, t.tokens + extract(epoch from (clock_timestamp() - t.refilled_at)) * ${ratePerSecond}::float8) as available, clock_timestamp() as at
      from route_throughput t where t.route_code = ${routeCode} for update
    ) a
  ) s
  where b.route_code = ${routeCode}
  returning s.granted, s.available - s.granted as left`;

/** The fleet's per-route token buckets in the `route_throughput` table (docs/deployment.md). */
export class MikroOrmThroughputLeases implements ThroughputLeases {
  constructor(private readonly database: Database) {}

  /** In a context of its own: each statement commits at once, outside any unit of work of the caller. */
  async lease(routeCode: string, wanted: number, ratePerSecond: number): Promise<{ granted: number; retryInMs: number }> {
    return this.database.withContext(async () => {
      let { rows } = await leaseStatement(routeCode, wanted, ratePerSecond).execute(this.database.query);
      if (rows.length === 0) {
        await this.database.query
          .insertInto('route_throughput')
          .values({ route_code: routeCode, tokens: ratePerSecond, refilled_at: sql<string>`clock_timestamp()` })
          .onConflict((conflict) => conflict.column('route_code').doNothing())
          .execute();
        ({ rows } = await leaseStatement(routeCode, wanted, ratePerSecond).execute(this.database.query));
      }
      const granted = rows[0]?.granted ?? 0;
      const left = rows[0]?.left ?? 0;
      return { granted, retryInMs: left >= 1 ? 0 : Math.ceil(((1 - left) / ratePerSecond) * 1000) };
    });
  }
}
