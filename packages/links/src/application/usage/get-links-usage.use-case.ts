import { ResultAsync, type Clock } from '@tuma/kernel';
import type { LinksUsage } from './links-usage.port.ts';

/** The first instant of the calendar month (UTC) `at` is in: plan limits reset then. */
export const startOfMonthUtc = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/** An account's usage this calendar month UTC (docs/links.md, "Account"): live links and QR codes made. */
export class GetLinksUsage {
  constructor(
    private readonly usage: LinksUsage,
    private readonly clock: Clock,
  ) {}

  execute(accountId: string): ResultAsync<{ readonly linksThisMonth: number; readonly qrThisMonth: number }, never> {
    return ResultAsync.fromSafePromise(this.usage.createdSince(accountId, startOfMonthUtc(this.clock.now()))).map(({ links, qrCodes }) => ({ linksThisMonth: links, qrThisMonth: qrCodes }));
  }
}
