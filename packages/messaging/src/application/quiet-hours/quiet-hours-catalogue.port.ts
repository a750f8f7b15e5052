import type { MarketQuietHours, MarketQuietHoursChanges } from '../../domain/quiet-hours/market-quiet-hours.ts';

/** The markets' quiet hours: catalogue data, seeded from the built-in data and edited by operators. */
export interface QuietHoursCatalogue {
  quietHoursOf(countryCode: string): Promise<MarketQuietHours | undefined>;
  /** Every market's, by country code. */
  list(): Promise<readonly MarketQuietHours[]>;
  /** Undefined when the market is unknown; the fields not given are kept. */
  update(countryCode: string, changes: MarketQuietHoursChanges, by: string, now: Date): Promise<MarketQuietHours | undefined>;
  /** Adds the rows the store lacks, never changing one it has; how many it added. */
  seed(rows: readonly MarketQuietHours[]): Promise<number>;
}
