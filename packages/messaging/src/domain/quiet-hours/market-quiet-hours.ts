/** A market's quiet hours as catalogue data (docs/quiet-hours.md). */
import type { PromotionalHours } from './promotional-hours.ts';

export interface MarketQuietHours {
  /** ISO 3166-1 alpha-2. */
  readonly countryCode: string;
  /** The market's IANA time zones, the main one first (two for DR Congo). */
  readonly timeZones: readonly string[];
  /** When promotional SMS may go, in local time; null: no quiet hours in this market. */
  readonly promotionalHours: PromotionalHours | null;
  /** Who last changed it (`key:<prefix>` of an operator key, `cli`), null for the built-in data. */
  readonly updatedBy: string | null;
  readonly updatedAt: Date | null;
}

export interface MarketQuietHoursChanges {
  readonly timeZones?: readonly string[];
  readonly promotionalHours?: PromotionalHours | null;
}
