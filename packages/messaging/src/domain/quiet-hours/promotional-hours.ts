/**
 * Promotional hours: when, in a recipient's local time, promotional SMS may be handed to a carrier
 * (docs/quiet-hours.md). Outside them are the quiet hours. A week of daily windows, Monday first.
 */
import { err, ok, type FieldIssue, type Result } from '@tuma/kernel';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** `[start, end)` in minutes after local midnight, 0 <= start < end <= 1440. */
export interface DailyWindow {
  readonly start: number;
  readonly end: number;
}

/** One window per weekday (Monday first); null: no promotional traffic that day. */
export type PromotionalHours = readonly (DailyWindow | null)[];

const MINUTES_A_DAY = 1440;
const HOURS_PATTERN = /^([01]\d|2[0-4]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

const clock = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** `08:00-20:00`. */
export const formatWindow = (window: DailyWindow): string => `${clock(window.start)}-${clock(window.end)}`;

/** Reads `HH:MM-HH:MM` (end after start, `24:00` the end of the day). */
export function parseWindow(text: string, path: string): Result<DailyWindow, FieldIssue> {
  const match = HOURS_PATTERN.exec(text);
  const minutes = (h: string, m: string) => Number(h) * 60 + Number(m);
  const window = match && { start: minutes(match[1]!, match[2]!), end: minutes(match[3]!, match[4]!) };
  if (!window || window.start >= window.end || window.end > MINUTES_A_DAY) {
    return err({ path, message: 'Hours as "HH:MM-HH:MM" in local time, the end after the start (e.g. "08:00-20:00")' });
  }
  return ok(window);
}

/** The same window every day. */
export const everyDay = (window: DailyWindow): PromotionalHours => WEEKDAYS.map(() => window);

/**
 * Reads promotional hours as the API gives them: one `"HH:MM-HH:MM"` for every day, or an object
 * naming every weekday (`mon`..`sun`) with its window or null (no promotional traffic that day).
 */
export function parsePromotionalHours(raw: unknown, path: string): Result<PromotionalHours, FieldIssue[]> {
  if (typeof raw === 'string') return parseWindow(raw, path).map(everyDay).mapErr((issue) => [issue]);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return err([{ path, message: 'A window "HH:MM-HH:MM" for every day, or an object with mon..sun, each a window or null' }]);
  }
  const record = raw as Record<string, unknown>;
  const issues: FieldIssue[] = Object.keys(record)
    .filter((key) => !(WEEKDAYS as readonly string[]).includes(key))
    .map((key) => ({ path: `${path}.${key}`, message: 'Not a weekday: use mon, tue, wed, thu, fri, sat, sun' }));
  const days = WEEKDAYS.map((day): DailyWindow | null => {
    const value = record[day];
    if (value === null) return null;
    if (typeof value !== 'string') {
      issues.push({ path: `${path}.${day}`, message: 'Required: a window "HH:MM-HH:MM" or null (no promotional traffic that day)' });
      return null;
    }
    const window = parseWindow(value, `${path}.${day}`);
    if (window.isErr()) issues.push(window.error);
    return window.unwrapOr(null);
  });
  return issues.length > 0 ? err(issues) : ok(days);
}

/** The API's form: every weekday with its window or null. */
export function promotionalHoursView(hours: PromotionalHours): Record<Weekday, string | null> {
  return Object.fromEntries(WEEKDAYS.map((day, index) => [day, hours[index] ? formatWindow(hours[index]) : null])) as Record<Weekday, string | null>;
}
