import { errAsync, okAsync, ResultAsync } from '@tuma/kernel';
import type { LinkEnvironment } from '../../domain/links/link.aggregate.ts';
import { analyticsAllowed, monthlyAllowance, type LinksPlanLimitReachedError, type PlanFeatureUnavailableError } from '../../domain/plans/links-plan.ts';
import { startOfMonthUtc } from '../usage/get-links-usage.use-case.ts';
import type { LinksUsage } from '../usage/links-usage.port.ts';
import type { Clock } from '@tuma/kernel';
import type { LinksPlans } from './links-plans.port.ts';

/**
 * The plan's checks before a write or a read (docs/links.md, "Plans"): test-environment links and
 * codes never count and are never refused. Two creations at the same instant may both pass the
 * last free slot (the count is read, not locked): a month's limit may be passed by the requests in
 * flight, never by more.
 */
export class PlanGate {
  constructor(
    private readonly plans: LinksPlans,
    private readonly usage: LinksUsage,
    private readonly clock: Clock,
  ) {}

  mayCreate(accountId: string, environment: LinkEnvironment, resource: 'monthlyLinks' | 'monthlyQr'): ResultAsync<void, LinksPlanLimitReachedError> {
    if (environment === 'test') return okAsync(undefined);
    return ResultAsync.fromSafePromise(Promise.all([this.plans.planOf(accountId), this.usage.createdSince(accountId, startOfMonthUtc(this.clock.now()))])).andThen(([plan, used]) => {
      const refused = monthlyAllowance(plan, resource, resource === 'monthlyLinks' ? used.links : used.qrCodes);
      return refused ? errAsync(refused) : okAsync(undefined);
    });
  }

  mayRead(accountId: string, days: number): ResultAsync<void, PlanFeatureUnavailableError> {
    return ResultAsync.fromSafePromise(this.plans.planOf(accountId)).andThen((plan) => {
      const refused = analyticsAllowed(plan, days);
      return refused ? errAsync(refused) : okAsync(undefined);
    });
  }
}
