import type { LinksPlanLimits } from '../../domain/plans/links-plan.ts';

/** The links plan an account is on now: its active links subscription's, else free (the account service's `CurrentLimits`). */
export interface LinksPlans {
  planOf(accountId: string): Promise<LinksPlanLimits>;
}
