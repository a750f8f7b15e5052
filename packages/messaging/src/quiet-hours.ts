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
