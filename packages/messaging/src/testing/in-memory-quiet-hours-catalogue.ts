import { UndoableMap } from '@tuma/kernel/testing';
import type { QuietHoursCatalogue } from '../application/quiet-hours/quiet-hours-catalogue.port.ts';
import { defaultMarketQuietHours } from '../domain/quiet-hours/market-quiet-hours.data.ts';
import type { MarketQuietHours, MarketQuietHoursChanges } from '../domain/quiet-hours/market-quiet-hours.ts';

/** Markets' quiet hours in memory, the built-in data by default. */
export class InMemoryQuietHoursCatalogue implements QuietHoursCatalogue {
  private readonly rows = new UndoableMap<string, MarketQuietHours>();

  constructor(rows: readonly MarketQuietHours[] = defaultMarketQuietHours()) {
    for (const row of rows) this.rows.set(row.countryCode, row);
  }

  async quietHoursOf(countryCode: string): Promise<MarketQuietHours | undefined> {
    return this.rows.get(countryCode.toUpperCase());
  }

  async list(): Promise<readonly MarketQuietHours[]> {
    return [...this.rows.values()].sort((a, b) => a.countryCode.localeCompare(b.countryCode));
  }

  async update(countryCode: string, changes: MarketQuietHoursChanges, by: string, now: Date): Promise<MarketQuietHours | undefined> {
    const row = this.rows.get(countryCode);
    if (!row) return undefined;
    const updated = { ...row, ...changes, updatedBy: by, updatedAt: now };
    this.rows.set(countryCode, updated);
    return updated;
  }

  async seed(rows: readonly MarketQuietHours[]): Promise<number> {
    const missing = rows.filter((row) => !this.rows.has(row.countryCode));
    for (const row of missing) this.rows.set(row.countryCode, row);
    return missing.length;
  }
}
