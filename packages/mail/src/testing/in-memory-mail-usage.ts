import { UndoableMap } from '@tuma/kernel/testing';
import type { MailUsage } from '../application/billing/mail-usage.port.ts';
import { usagePeriods, type MailUsageCounts } from '../domain/billing/mail-quota.ts';

/** Mail usage counts in memory: for unit tests and for apps embedding the core without a database. */
export class InMemoryMailUsage implements MailUsage {
  private readonly counts = new UndoableMap<string, number>();

  async take(accountId: string, emails: number, at: Date): Promise<MailUsageCounts> {
    const { month, day } = usagePeriods(at);
    for (const period of [month, day]) this.counts.set(`${accountId} ${period}`, (this.counts.get(`${accountId} ${period}`) ?? 0) + emails);
    return this.read(accountId, at);
  }

  async read(accountId: string, at: Date): Promise<MailUsageCounts> {
    const { month, day } = usagePeriods(at);
    return { month: this.counts.get(`${accountId} ${month}`) ?? 0, day: this.counts.get(`${accountId} ${day}`) ?? 0 };
  }
}
