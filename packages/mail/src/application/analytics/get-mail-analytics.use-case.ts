import { ResultAsync, type Clock } from '@tuma/kernel';
import { analyticsWindow, ratesOf, type MailCounts, type MailRates } from '../../domain/analytics/mail-stats.ts';
import type { MailAnalytics } from './mail-analytics.port.ts';

export interface CountsWithRates {
  readonly counts: MailCounts;
  readonly rates: MailRates;
}

export interface MailAnalyticsReport {
  readonly from: string;
  readonly to: string;
  readonly totals: CountsWithRates;
  readonly daily: readonly (CountsWithRates & { readonly day: string })[];
}

/** `GET /analytics?days=`: the last `days` UTC days of the account's sending, today included, with totals and rates. */
export class GetMailAnalytics {
  constructor(
    private readonly analytics: MailAnalytics,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly days: number }): ResultAsync<MailAnalyticsReport, never> {
    const window = analyticsWindow(this.clock.now(), input.days);
    return ResultAsync.fromSafePromise(this.analytics.daily(input.accountId, window.from, window.days)).map(({ days, totals }) => ({
      from: days[0]!.day,
      to: days[days.length - 1]!.day,
      totals: { counts: totals, rates: ratesOf(totals) },
      daily: days.map(({ day, counts }) => ({ day, counts, rates: ratesOf(counts) })),
    }));
  }
}
