import { sql, type Selectable, type Updateable } from 'kysely';
import type { MarketQuietHours, MarketQuietHoursChanges, PromotionalHours, QuietHoursCatalogue } from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import type { MarketQuietHoursTable } from '../database/tables.ts';

const toDomain = (row: Selectable<MarketQuietHoursTable>): MarketQuietHours => ({
  countryCode: row.country_code,
  timeZones: row.time_zones as string[],
  promotionalHours: row.promotional_hours as PromotionalHours | null,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at === null ? null : new Date(row.updated_at),
});

/** Only what the change names: absent time zones or promotional hours are kept as stored. */
const changedColumns = (changes: MarketQuietHoursChanges): Updateable<MarketQuietHoursTable> => ({
  ...(changes.timeZones !== undefined ? { time_zones: JSON.stringify(changes.timeZones) } : {}),
  ...(changes.promotionalHours !== undefined ? { promotional_hours: changes.promotionalHours === null ? null : JSON.stringify(changes.promotionalHours) } : {}),
});

/** Markets' quiet hours in `market_quiet_hours` (docs/quiet-hours.md). */
export class MikroOrmQuietHoursCatalogue implements QuietHoursCatalogue {
  constructor(private readonly database: Database) {}

  async quietHoursOf(countryCode: string): Promise<MarketQuietHours | undefined> {
    const row = await this.database.query.selectFrom('market_quiet_hours').selectAll().where('country_code', '=', countryCode.toUpperCase()).executeTakeFirst();
    return row && toDomain(row);
  }

  async list(): Promise<readonly MarketQuietHours[]> {
    return (await this.database.query.selectFrom('market_quiet_hours').selectAll().orderBy('country_code').execute()).map(toDomain);
  }

  async update(countryCode: string, changes: MarketQuietHoursChanges, by: string, now: Date): Promise<MarketQuietHours | undefined> {
    const row = await this.database.query
      .updateTable('market_quiet_hours')
      .set({ ...changedColumns(changes), updated_by: by, updated_at: now })
      .where('country_code', '=', countryCode)
      .returningAll()
      .executeTakeFirst();
    return row && toDomain(row);
  }

  /** Only markets the catalogue has; several processes starting together seed once. One JSON parameter however many rows. */
  async seed(rows: readonly MarketQuietHours[]): Promise<number> {
    if (rows.length === 0) return 0;
    const batch = JSON.stringify(rows.map((r) => ({ country_code: r.countryCode, time_zones: r.timeZones, promotional_hours: r.promotionalHours })));
    const added = await sql<Pick<Selectable<MarketQuietHoursTable>, 'country_code'>>`
      insert into market_quiet_hours (country_code, time_zones, promotional_hours)
      select r.country_code, r.time_zones, r.promotional_hours
      from jsonb_to_recordset(${batch}::jsonb) as r (country_code char(2), time_zones jsonb, promotional_hours jsonb)
      where exists (select 1 from market m where m.country_code = r.country_code)
      on conflict (country_code) do nothing returning country_code`.execute(this.database.query);
    return added.rows.length;
  }
}
