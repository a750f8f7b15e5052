/**
 * The period a report covers: the messages created at or after `from` and before `to`. Days are
 * UTC days (`YYYY-MM-DD`); a window touches every day from the one holding `from` to the one
 * holding its last instant. Validation errors name the query fields of the HTTP API.
 */
import { err, fieldError, ok, type Result, type ValidationError } from '@tuma/kernel';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Reports and stats: `date_from` defaults to this many days before `date_to`. */
export const REPORT_DEFAULT_DAYS = 30;
/** The longest report window: a leap year. */
export const REPORT_MAX_DAYS = 366;
/** `GET /api/messages/volume?days=`. */
export const VOLUME_DEFAULT_DAYS = 14;
export const VOLUME_MAX_DAYS = 90;

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const utcDay = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);
const startOfUtcDay = (at: Date): number => Math.floor(at.getTime() / DAY_MS) * DAY_MS;

export class ReportWindow {
  private constructor(
    readonly from: Date,
    readonly to: Date,
  ) {}

  /**
   * The bounds given; without `to`, now; without `from`, 30 days before `to`. `from` must be
   * before `to`, at most 366 days before.
   */
  static create(bounds: { readonly from?: Date | undefined; readonly to?: Date | undefined }, now: Date): Result<ReportWindow, ValidationError> {
    const to = bounds.to ?? now;
    const from = bounds.from ?? new Date(to.getTime() - REPORT_DEFAULT_DAYS * DAY_MS);
    if (from.getTime() >= to.getTime()) return err(fieldError('date_to', 'Must be later than date_from'));
    if (to.getTime() - from.getTime() > REPORT_MAX_DAYS * DAY_MS) return err(fieldError('date_from', `Must be at most ${REPORT_MAX_DAYS} days before date_to`));
    return ok(new ReportWindow(from, to));
  }

  /** The last `days` whole UTC days, today included: 1 to 90. */
  static lastDays(days: number, now: Date): Result<ReportWindow, ValidationError> {
    if (!Number.isSafeInteger(days) || days < 1 || days > VOLUME_MAX_DAYS) return err(fieldError('days', `Must be a whole number from 1 to ${VOLUME_MAX_DAYS}`));
    const end = startOfUtcDay(now) + DAY_MS;
    return ok(new ReportWindow(new Date(end - days * DAY_MS), new Date(end)));
  }

  /** The `minutes` up to now. */
  static lastMinutes(minutes: number, now: Date): ReportWindow {
    return new ReportWindow(new Date(now.getTime() - minutes * MINUTE_MS), now);
  }

  includes(at: Date): boolean {
    return at.getTime() >= this.from.getTime() && at.getTime() < this.to.getTime();
  }

  /** The day holding `from`. */
  get firstDay(): string {
    return utcDay(this.from);
  }

  /** The day holding the window's last instant. */
  get lastDay(): string {
    return utcDay(this.to.getTime() - 1);
  }

  /** Every day the window touches, in order. */
  days(): string[] {
    const days: string[] = [];
    for (let day = startOfUtcDay(this.from); day < this.to.getTime(); day += DAY_MS) days.push(utcDay(day));
    return days;
  }
}
