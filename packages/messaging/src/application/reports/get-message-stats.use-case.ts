import { ResultAsync, type Clock, type ValidationError } from '@tuma/kernel';
import type { MessageReports } from './message-reports.port.ts';
import type { MessageTally } from '../../domain/reports/message-tally.ts';
import { ReportWindow } from '../../domain/reports/report-window.ts';
import type { ReportRequest } from './report-request.ts';

export interface MessageStats {
  readonly window: ReportWindow;
  readonly totals: MessageTally;
}

/** `GET /api/messages/stats`: counts per status and money of the window's messages (default: the last 30 days). */
export class GetMessageStats {
  constructor(
    private readonly reports: MessageReports,
    private readonly clock: Clock,
  ) {}

  execute(request: ReportRequest): ResultAsync<MessageStats, ValidationError> {
    return ReportWindow.create(request, this.clock.now()).asyncAndThen((window) =>
      ResultAsync.fromSafePromise(this.reports.totals(request.scope, window)).map((totals) => ({ window, totals })),
    );
  }
}
