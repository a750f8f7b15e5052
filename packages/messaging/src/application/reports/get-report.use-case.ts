import { ResultAsync, type Clock, type ValidationError } from '@tuma/kernel';
import type { MessageReports, Report } from './message-reports.port.ts';
import { ReportWindow } from '../../domain/reports/report-window.ts';
import type { ReportRequest } from './report-request.ts';

export interface WindowedReport extends Report {
  readonly window: ReportWindow;
}

/** `GET /api/reports`: totals, per country and per UTC day, from one consistent view of the messages. */
export class GetReport {
  constructor(
    private readonly reports: MessageReports,
    private readonly clock: Clock,
  ) {}

  execute(request: ReportRequest): ResultAsync<WindowedReport, ValidationError> {
    return ReportWindow.create(request, this.clock.now()).asyncAndThen((window) =>
      ResultAsync.fromSafePromise(this.reports.report(request.scope, window)).map((report) => ({ window, ...report })),
    );
  }
}
