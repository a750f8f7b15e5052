import type { ReportScope } from './message-reports.port.ts';

/** A report over a scope; the window's bounds default as `ReportWindow.create` says. */
export interface ReportRequest {
  readonly scope: ReportScope;
  readonly from?: Date | undefined;
  readonly to?: Date | undefined;
}
