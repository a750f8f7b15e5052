import type { MailCounts } from '../../domain/analytics/mail-stats.ts';

export interface DailyCounts {
  /** `YYYY-MM-DD`, UTC. */
  readonly day: string;
  readonly counts: MailCounts;
}

/** The account's counts, computed where the events are (one aggregate, never the rows). */
export interface MailAnalytics {
  /**
   * The events of the account's emails, by the UTC day they happened, for `days` days from `from`
   * (a UTC midnight): every day present (zeros where nothing happened), oldest first, and their totals.
   */
  daily(accountId: string, from: Date, days: number): Promise<{ readonly days: readonly DailyCounts[]; readonly totals: MailCounts }>;
}
