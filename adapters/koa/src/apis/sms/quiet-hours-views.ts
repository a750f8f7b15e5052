import { promotionalHoursView, WEEKDAYS, type AccountSmsSettings, type MarketQuietHours, type PromotionalHours } from '@tuma/messaging';
import { z } from 'zod';

const window = z.string().nullable().describe('"HH:MM-HH:MM" in local time, or null: no promotional traffic that day');
export const weekSchema = z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, window])) as Record<(typeof WEEKDAYS)[number], typeof window>);

/** Promotional hours as a request may give them: one window for every day, or each weekday. */
export const promotionalHoursInput = z
  .union([z.string().max(32), z.record(z.string(), z.string().max(32).nullable())])
  .describe('"HH:MM-HH:MM" for every day, or {mon..sun: "HH:MM-HH:MM" | null}')
  .meta({ examples: ['08:00-20:00', { mon: '08:00-20:00', tue: '08:00-20:00', wed: '08:00-20:00', thu: '08:00-20:00', fri: '08:00-20:00', sat: '09:00-13:00', sun: null }] });

const hoursView = (hours: PromotionalHours | null) => (hours ? promotionalHoursView(hours) : null);

export const marketQuietHoursSchema = z.object({
  country_code: z.string(),
  time_zones: z.array(z.string()).describe('IANA zones, the main one first; a number is read in its own zone where libphonenumber knows it, else in all'),
  promotional_hours: weekSchema.nullable().describe('When promotional SMS may go, local time; null: no quiet hours'),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});

export const marketQuietHoursView = (market: MarketQuietHours): z.infer<typeof marketQuietHoursSchema> => ({
  country_code: market.countryCode,
  time_zones: [...market.timeZones],
  promotional_hours: hoursView(market.promotionalHours),
  updated_by: market.updatedBy,
  updated_at: market.updatedAt?.toISOString() ?? null,
});

export const smsSettingsSchema = z.object({
  smart_encoding: z.boolean().describe('Sends without smart_encoding use this'),
  quiet_hours: z.record(z.string(), weekSchema.nullable()).describe("Per country: the account's promotional hours instead of the market's (null: none); set by the operator"),
});

export const smsSettingsView = (settings: AccountSmsSettings): z.infer<typeof smsSettingsSchema> => ({
  smart_encoding: settings.smartEncoding,
  quiet_hours: Object.fromEntries(Object.entries(settings.quietHours).map(([country, hours]) => [country, hoursView(hours)])),
});
