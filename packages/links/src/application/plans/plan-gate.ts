import { errAsync, okAsync, ResultAsync } from '@tuma/kernel';
import type { LinkEnvironment } from '../../domain/links/link.aggregate.ts';
import { analyticsAllowed, featureAllowed, monthlyAllowance, type LinksFeature, type LinksPlanLimitReachedError, type LinksPlanLimits, type PlanFeatureUnavailableError } from '../../domain/plans/links-plan.ts';
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

  /** An analytics window within `analyticsDays` (403 beyond); answers the plan, whose flags say what the analytics show. */
  mayRead(accountId: string, days: number): ResultAsync<LinksPlanLimits, PlanFeatureUnavailableError> {
    return ResultAsync.fromSafePromise(this.plans.planOf(accountId)).andThen((plan) => {
      const refused = analyticsAllowed(plan, days);
      return refused ? errAsync(refused) : okAsync(plan);
    });
  }

  /** The plan has the feature (in either environment: a feature is the plan's, not a count), else 403. */
  mayUse(accountId: string, feature: LinksFeature): ResultAsync<LinksPlanLimits, PlanFeatureUnavailableError> {
    return ResultAsync.fromSafePromise(this.plans.planOf(accountId)).andThen((plan) => {
      const refused = featureAllowed(plan, feature);
      return refused ? errAsync(refused) : okAsync(plan);
    });
  }

  /** One more branded domain: the plan has them (403), and `held` (pending ones too) is below `maxDomains` (402). */
  mayAddDomain(accountId: string, held: () => Promise<number>): ResultAsync<void, PlanFeatureUnavailableError | LinksPlanLimitReachedError> {
    return this.mayUse(accountId, 'hasBrandedDomains').andThen((plan) =>
      ResultAsync.fromSafePromise(held()).andThen((count) => {
        const refused = monthlyAllowance(plan, 'maxDomains', count);
        return refused ? errAsync(refused) : okAsync(undefined);
      }),
    );
  }
}
