import type { MarketQuietHours, MarketQuietHoursChanges, PromotionalHours, QuietHoursCatalogue } from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import { executeBound } from '../database/bound-statement.ts';
import { date } from './message-rows.ts';

interface QuietHoursRow {
  country_code: string;
  time_zones: unknown;
  promotional_hours: unknown;
  updated_by: string | null;
  updated_at: Date | string | null;
}

/** jsonb arrives parsed or as text, depending on the driver. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

const toDomain = (row: QuietHoursRow): MarketQuietHours => ({
  countryCode: row.country_code,
  timeZones: json<string[]>(row.time_zones),
  promotionalHours: row.promotional_hours === null ? null : json<PromotionalHours>(row.promotional_hours),
  updatedBy: row.updated_by,
  updatedAt: row.updated_at === null ? null : date(row.updated_at),
});

const COLUMNS = 'country_code, time_zones, promotional_hours, updated_by, updated_at';

/** Markets' quiet hours in `market_quiet_hours` (docs/quiet-hours.md). */
export class MikroOrmQuietHoursCatalogue implements QuietHoursCatalogue {
  constructor(private readonly database: Database) {}

  async quietHoursOf(countryCode: string): Promise<MarketQuietHours | undefined> {
    const [row] = await this.database.em.execute<QuietHoursRow[]>(`select ${COLUMNS} from market_quiet_hours where country_code = ?`, [countryCode.toUpperCase()]);
    return row && toDomain(row);
  }

  async list(): Promise<readonly MarketQuietHours[]> {
    return (await this.database.em.execute<QuietHoursRow[]>(`select ${COLUMNS} from market_quiet_hours order by country_code`)).map(toDomain);
  }

  async update(countryCode: string, changes: MarketQuietHoursChanges, by: string, now: Date): Promise<MarketQuietHours | undefined> {
    const [row] = await executeBound<QuietHoursRow>(
      this.database,
      `update market_quiet_hours set
         time_zones = coalesce(?::jsonb, time_zones),
         promotional_hours = case when ? then ?::jsonb else promotional_hours end,
         updated_by = ?, updated_at = ?
       where country_code = ? returning ${COLUMNS}`,
      [
        changes.timeZones === undefined ? null : JSON.stringify(changes.timeZones),
        changes.promotionalHours !== undefined,
        changes.promotionalHours == null ? null : JSON.stringify(changes.promotionalHours),
        by,
        now.toISOString(),
        countryCode,
      ],
    );
    return row && toDomain(row);
  }

  async seed(rows: readonly MarketQuietHours[]): Promise<number> {
    if (rows.length === 0) return 0;
    // Only markets the catalogue has; several processes starting together seed once.
    const added = await executeBound(
      this.database,
      `insert into market_quiet_hours (country_code, time_zones, promotional_hours)
       select r.country_code, r.time_zones, r.promotional_hours
       from jsonb_to_recordset(?::jsonb) as r (country_code char(2), time_zones jsonb, promotional_hours jsonb)
       where exists (select 1 from market m where m.country_code = r.country_code)
       on conflict (country_code) do nothing returning country_code`,
      [JSON.stringify(rows.map((r) => ({ country_code: r.countryCode, time_zones: r.timeZones, promotional_hours: r.promotionalHours })))],
    );
    return added.length;
  }
}
