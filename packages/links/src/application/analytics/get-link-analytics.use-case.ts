import { errAsync, fieldError, notFound, ResultAsync, type Clock, type NotFoundError, type ValidationError } from '@tuma/kernel';
import { analyticsWindow, ANALYTICS_DAYS, type ClickSummary } from '../../domain/analytics/link-analytics.ts';
import type { LinkEnvironment } from '../../domain/links/link.aggregate.ts';
import type { LinkRepository } from '../links/link.repository.port.ts';
import type { ClickAnalytics } from './click-analytics.port.ts';
import type { PlanGate } from '../plans/plan-gate.ts';
import type { PlanFeatureUnavailableError } from '../../domain/plans/links-plan.ts';

export interface LinkAnalyticsView extends ClickSummary {
  readonly linkId: string;
  readonly rangeDays: number;
}

/**
 * A plan without `hasCountryDeviceAnalytics` gets the same fields with `by_country`, `by_device`
 * and `by_browser` empty (not left out: a client reads one shape whatever the plan); the clicks
 * keep them, so an upgrade shows them for the past too.
 */
const withoutCountryDevice = (summary: ClickSummary): ClickSummary => ({ ...summary, byCountry: {}, byDevice: {}, byBrowser: {} });

/**
 * A link's clicks over the last `days` UTC days (docs/links.md, "Analytics"), within the plan's
 * `analyticsDays` (403 beyond), broken down by country, device and browser when the plan has it;
 * another account's link is not found.
 */
export class GetLinkAnalytics {
  constructor(
    private readonly links: LinkRepository,
    private readonly analytics: ClickAnalytics,
    private readonly gate: PlanGate,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly environment: LinkEnvironment; readonly linkId: string; readonly days: number }): ResultAsync<LinkAnalyticsView, NotFoundError | ValidationError | PlanFeatureUnavailableError> {
    const { days } = input;
    if (!Number.isSafeInteger(days) || days < ANALYTICS_DAYS.min || days > ANALYTICS_DAYS.max) return errAsync(fieldError('days', `Must be a whole number from ${ANALYTICS_DAYS.min} to ${ANALYTICS_DAYS.max}`));
    return ResultAsync.fromSafePromise(this.links.find(input.accountId, input.environment, input.linkId)).andThen((link) => {
      if (!link) return errAsync(notFound('link', input.linkId));
      const window = analyticsWindow(this.clock.now(), days);
      return this.gate
        .mayRead(input.accountId, days)
        .andThen((plan) => ResultAsync.fromSafePromise(this.analytics.summarize(link.id, window)).map((summary) => (plan.hasCountryDeviceAnalytics ? summary : withoutCountryDevice(summary))))
        .map((summary) => ({ linkId: link.id, rangeDays: days, ...summary }));
    });
  }
}
