import { sql } from 'kysely';
import type { ShortCode, ShortCodeInventory } from '@tuma/two-way';
import type { Database } from '../database/database.ts';

/** The short codes Tuma leases, in `two_way_short_code`: one shared code per country, dedicated ones in the order provisioned. */
export class MikroOrmShortCodeInventory implements ShortCodeInventory {
  constructor(private readonly database: Database) {}

  async sharedCode(countryCode: string): Promise<string | undefined> {
    const row = await this.database.query.selectFrom('two_way_short_code').select('number').where('country_code', '=', countryCode).where('kind', '=', sql.lit('shared')).executeTakeFirst();
    return row?.number;
  }

  async dedicatedPool(countryCode: string): Promise<readonly string[]> {
    const rows = await this.database.query.selectFrom('two_way_short_code').select('number').where('country_code', '=', countryCode).where('kind', '=', sql.lit('dedicated')).orderBy('position').execute();
    return rows.map((row) => row.number);
  }

  async provision(code: ShortCode): Promise<boolean> {
    const rows = await this.database.query
      .insertInto('two_way_short_code')
      .values({ number: code.number, country_code: code.countryCode, kind: code.kind })
      .onConflict((oc) => oc.doNothing())
      .returning('number')
      .execute();
    return rows.length === 1;
  }

  async list(countryCode?: string): Promise<readonly ShortCode[]> {
    let query = this.database.query.selectFrom('two_way_short_code').select(['number', 'country_code', 'kind']);
    if (countryCode !== undefined) query = query.where('country_code', '=', countryCode);
    const rows = await query.orderBy('country_code').orderBy('position').execute();
    return rows.map((row) => ({ number: row.number, countryCode: row.country_code, kind: row.kind as ShortCode['kind'] }));
  }
}
