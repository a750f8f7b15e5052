import type { MailPlan } from '../../domain/billing/mail-quota.ts';

/** The mail plan an account is on now: its active subscription's, else free (the account service's `CurrentLimits`). */
export interface MailPlans {
  planOf(accountId: string): Promise<MailPlan>;
}
