import type { MailUsageCounts } from '../../domain/billing/mail-quota.ts';

/** Emails counted per account, calendar month and day (UTC). */
export interface MailUsage {
  /**
   * Inside the caller's unit of work: adds `emails` to the account's counts of the month and the day
   * of `at`, which stay locked until it ends (one account's sends take turns, so two cannot both
   * pass the last unit of the quota), and answers the counts after.
   */
  take(accountId: string, emails: number, at: Date): Promise<MailUsageCounts>;
  /** The account's counts of the month and the day of `at`. */
  read(accountId: string, at: Date): Promise<MailUsageCounts>;
}
