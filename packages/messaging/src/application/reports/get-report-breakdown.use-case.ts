import { checkLimit, ResultAsync, type Clock, type ValidationError } from '@tuma/kernel';
import type { Breakdown, MessageReports } from './message-reports.port.ts';
import { ReportWindow } from '../../domain/reports/report-window.ts';
import type { ReportRequest } from './report-request.ts';

export const BREAKDOWN_DEFAULT_CAMPAIGNS = 100;
export const BREAKDOWN_MAX_CAMPAIGNS = 500;

export interface WindowedBreakdown extends Breakdown {
  readonly window: ReportWindow;
}

/** `GET /api/reports/breakdown`: spend per bulk send (single messages as one row) and per API key. */
export class GetReportBreakdown {
  constructor(
    private readonly reports: MessageReports,
    private readonly clock: Clock,
  ) {}

  execute(request: ReportRequest & { readonly limit: number }): ResultAsync<WindowedBreakdown, ValidationError> {
    return checkLimit(request.limit, BREAKDOWN_MAX_CAMPAIGNS)
      .andThen((limit) => ReportWindow.create(request, this.clock.now()).map((window) => ({ limit, window })))
      .asyncAndThen(({ limit, window }) =>
        ResultAsync.fromSafePromise(this.reports.breakdown(request.scope, window, limit)).map((breakdown) => ({ window, ...breakdown })),
      );
  }
}
