import { ResultAsync, type Clock } from '@tuma/kernel';
import { usagePeriods, type MailPlan, type MailUsageCounts } from '../../domain/billing/mail-quota.ts';
import type { MailPlans } from './mail-plans.port.ts';
import type { MailUsage } from './mail-usage.port.ts';

export interface MailBilling {
  readonly plan: MailPlan;
  readonly usage: MailUsageCounts;
  /** The calendar month counted (`2026-11`) and the day (`2026-11-25`), UTC. */
  readonly periods: { readonly month: string; readonly day: string };
}

/** `GET /v1/billing`: the account's mail plan, and what it has sent of it this month and today. */
export class GetMailBilling {
  constructor(
    private readonly plans: MailPlans,
    private readonly usage: MailUsage,
    private readonly clock: Clock,
  ) {}

  execute(accountId: string): ResultAsync<MailBilling, never> {
    const now = this.clock.now();
    return ResultAsync.fromSafePromise(Promise.all([this.plans.planOf(accountId), this.usage.read(accountId, now)])).map(([plan, usage]) => ({ plan, usage, periods: usagePeriods(now) }));
  }
}
