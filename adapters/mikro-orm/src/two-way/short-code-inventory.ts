import type { ShortCode, ShortCodeInventory } from '@tuma/two-way';
import type { Database } from '../database/database.ts';

/** The short codes Tuma leases, in `two_way_short_code`: one shared code per country, dedicated ones in the order provisioned. */
export class MikroOrmShortCodeInventory implements ShortCodeInventory {
  constructor(private readonly database: Database) {}

  async sharedCode(countryCode: string): Promise<string | undefined> {
    const [row] = await this.database.em.execute<{ number: string }[]>(`select number from two_way_short_code where country_code = ? and kind = 'shared'`, [countryCode]);
    return row?.number;
  }

  async dedicatedPool(countryCode: string): Promise<readonly string[]> {
    const rows = await this.database.em.execute<{ number: string }[]>(`select number from two_way_short_code where country_code = ? and kind = 'dedicated' order by position`, [countryCode]);
    return rows.map((row) => row.number);
  }

  async provision(code: ShortCode): Promise<boolean> {
    const rows = await this.database.em.execute<{ number: string }[]>(
      `insert into two_way_short_code (number, country_code, kind) values (?, ?, ?) on conflict do nothing returning number`,
      [code.number, code.countryCode, code.kind],
    );
    return rows.length === 1;
  }

  async list(countryCode?: string): Promise<readonly ShortCode[]> {
    return this.database.em.execute<{ number: string; countryCode: string; kind: ShortCode['kind'] }[]>(
      `select number, country_code as "countryCode", kind from two_way_short_code where (?::text is null or country_code = ?) order by country_code, position`,
      [countryCode ?? null, countryCode ?? null],
    );
  }
}
