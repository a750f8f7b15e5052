/** Quiet hours: promotional hours per market and account, read in the recipient's time zones (docs/quiet-hours.md). */
export {
  everyDay,
  formatWindow,
  parsePromotionalHours,
  parseWindow,
  promotionalHoursView,
  WEEKDAYS,
  type DailyWindow,
  type PromotionalHours,
  type Weekday,
} from './domain/quiet-hours/promotional-hours.ts';
export { isPromotionalTime, nextPromotionalTime, type RecipientQuietHours } from './domain/quiet-hours/quiet-hours.ts';
export { instantOf, isKnownTimeZone, localTime, type LocalTime } from './domain/quiet-hours/zoned-time.ts';
export { type MarketQuietHours, type MarketQuietHoursChanges } from './domain/quiet-hours/market-quiet-hours.ts';
export { DEFAULT_PROMOTIONAL_HOURS, defaultMarketQuietHours, MARKET_TIME_ZONES, NUMBER_ZONE_PREFIXES } from './domain/quiet-hours/market-quiet-hours.data.ts';
export { zonesOfNumber } from './domain/quiet-hours/number-zones.ts';
export { type QuietHoursCatalogue } from './application/quiet-hours/quiet-hours-catalogue.port.ts';
export { QuietHoursGate, type PromotionalRecipient, type QuietHoursVerdict } from './application/quiet-hours/quiet-hours-gate.ts';
export { UpdateMarketQuietHours, type UpdateMarketQuietHoursInput } from './application/quiet-hours/update-market-quiet-hours.use-case.ts';
export { SeedQuietHours } from './application/quiet-hours/seed-quiet-hours.use-case.ts';
export { DEFAULT_SMS_SETTINGS, type AccountSmsSettings, type SmsSettingsRepository } from './application/settings/sms-settings.port.ts';
export { UpdateSmsSettings, type UpdateSmsSettingsInput } from './application/settings/update-sms-settings.use-case.ts';
export { ListMarketQuietHours } from './application/quiet-hours/list-market-quiet-hours.use-case.ts';
export { GetSmsSettings } from './application/settings/get-sms-settings.use-case.ts';
