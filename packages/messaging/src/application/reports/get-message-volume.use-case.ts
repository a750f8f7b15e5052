import { ResultAsync, type Clock, type ValidationError } from '@tuma/kernel';
import type { DailyTally, MessageReports, ReportScope } from './message-reports.port.ts';
import { ReportWindow } from '../../domain/reports/report-window.ts';

export interface MessageVolume {
  readonly window: ReportWindow;
  /** One entry per UTC day, oldest first, today last. */
  readonly daily: readonly DailyTally[];
}

/** `GET /api/messages/volume?days=`: the last 1 to 90 whole UTC days, gap-filled. */
export class GetMessageVolume {
  constructor(
    private readonly reports: MessageReports,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly scope: ReportScope; readonly days: number }): ResultAsync<MessageVolume, ValidationError> {
    return ReportWindow.lastDays(input.days, this.clock.now()).asyncAndThen((window) =>
      ResultAsync.fromSafePromise(this.reports.daily(input.scope, window)).map((daily) => ({ window, daily })),
    );
  }
}
