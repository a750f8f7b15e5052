import { utcDay } from '../clicks/click.ts';

/** The analytics window (docs/links.md, "Analytics"): 1-365 days, 14 by default, ending today (UTC) inclusive. */
export const ANALYTICS_DAYS = { min: 1, max: 365, default: 14 } as const;

export interface DayCount {
  readonly day: string;
  readonly clicks: number;
  readonly uniques: number;
}

/** Human clicks (bots left out) of a link over a window of UTC days. */
export interface ClickSummary {
  readonly totals: { readonly clicks: number; readonly uniques: number };
  /** Every day of the window, oldest first, zero where nothing happened. */
  readonly timeline: readonly DayCount[];
  readonly byCountry: Readonly<Record<string, number>>;
  readonly byDevice: Readonly<Record<string, number>>;
  readonly byBrowser: Readonly<Record<string, number>>;
  readonly byReferrer: Readonly<Record<string, number>>;
}

export interface AnalyticsWindow {
  /** First day, `YYYY-MM-DD` (UTC), inclusive. */
  readonly from: string;
  /** Last day (today), inclusive. */
  readonly to: string;
}

export function analyticsWindow(now: Date, days: number): AnalyticsWindow {
  const from = new Date(now.getTime() - (days - 1) * 86_400_000);
  return { from: utcDay(from), to: utcDay(now) };
}

/** Every day from `from` to `to`, inclusive. */
export function daysOf(window: AnalyticsWindow): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${window.from}T00:00:00Z`); at <= Date.parse(`${window.to}T00:00:00Z`); at += 86_400_000) days.push(utcDay(new Date(at)));
  return days;
}
