/**
 * Periods are calendar months UTC (the spec resets plan limits then): a period runs from its start
 * up to 00:00 UTC on the first of the next month, and the next one starts exactly there.
 */
export interface BillingPeriod {
  readonly start: Date;
  /** Exclusive. */
  readonly end: Date;
}

const DAY_MS = 86_400_000;

export const monthStart = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

export const nextMonthStart = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));

/** The period from `start` to the end of its month. */
export const periodFrom = (start: Date): BillingPeriod => ({ start, end: nextMonthStart(start) });

/** `2026-07`: the month a period (or a moment) is in, as references and reasons name it. */
export const monthKey = (at: Date): string => at.toISOString().slice(0, 7);

/** The days of `at`'s month, and how many of them are left counting `at`'s own day (day-based proration). */
export function daysLeftInMonth(at: Date): { readonly days: number; readonly inMonth: number } {
  const inMonth = Math.round((nextMonthStart(at).getTime() - monthStart(at).getTime()) / DAY_MS);
  return { days: inMonth - at.getUTCDate() + 1, inMonth };
}
