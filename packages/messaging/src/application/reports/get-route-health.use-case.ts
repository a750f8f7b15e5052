import { ResultAsync, type Clock } from '@tuma/kernel';
import type { MessageReports, ReportScope, RouteOutcomes } from './message-reports.port.ts';
import { ReportWindow } from '../../domain/reports/report-window.ts';

/** Route health looks at the submissions of the last hour. */
export const ROUTE_HEALTH_MINUTES = 60;
/**
 * The platform-wide figures of a route are shown only over at least this many outcomes (delivered
 * or failed): fewer say little, and could tell one customer another's results.
 */
export const PLATFORM_MIN_OUTCOMES = 10;

export interface RouteHealth {
  readonly routeCode: string;
  readonly account: RouteOutcomes;
  /** Null below `PLATFORM_MIN_OUTCOMES`. */
  readonly platform: RouteOutcomes | null;
}

export interface RouteHealthReport {
  readonly window: ReportWindow;
  readonly routes: readonly RouteHealth[];
}

/** `GET /api/routes/health`: per route, the account's outcomes and the platform's, over the last 60 minutes. */
export class GetRouteHealth {
  constructor(
    private readonly reports: MessageReports,
    private readonly clock: Clock,
  ) {}

  execute(scope: ReportScope): ResultAsync<RouteHealthReport, never> {
    const window = ReportWindow.lastMinutes(ROUTE_HEALTH_MINUTES, this.clock.now());
    return ResultAsync.fromSafePromise(this.reports.routeHealth(scope, window)).map((routes) => ({
      window,
      routes: routes.map(({ routeCode, account, platform }) => ({
        routeCode,
        account,
        platform: platform.delivered + platform.failed >= PLATFORM_MIN_OUTCOMES ? platform : null,
      })),
    }));
  }
}
