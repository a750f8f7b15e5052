/** Reports over outbound messages: stats, daily volume, route health, reports and spend breakdowns (issue 6). docs/reports.md. */
export {
  CAMPAIGN_TEXT_EXCERPT,
  type ApiKeyTally,
  type Breakdown,
  type CampaignBatch,
  type CampaignTally,
  type CountryTally,
  type DailyTally,
  type MessageReports,
  type Report,
  type ReportScope,
  type RouteHealthTally,
  type RouteOutcomes,
} from './application/reports/message-reports.port.ts';
export { deliveryRate, messageCount, noMessages, pendingCount, PENDING_STATUSES, spendOf, sumOfTallies, type MessageTally, type StatusCounts } from './domain/reports/message-tally.ts';
export { REPORT_DEFAULT_DAYS, REPORT_MAX_DAYS, ReportWindow, utcDay, VOLUME_DEFAULT_DAYS, VOLUME_MAX_DAYS } from './domain/reports/report-window.ts';
export type { ReportRequest } from './application/reports/report-request.ts';
export { GetMessageStats, type MessageStats } from './application/reports/get-message-stats.use-case.ts';
export { GetMessageVolume, type MessageVolume } from './application/reports/get-message-volume.use-case.ts';
export { GetReport, type WindowedReport } from './application/reports/get-report.use-case.ts';
export { BREAKDOWN_DEFAULT_CAMPAIGNS, BREAKDOWN_MAX_CAMPAIGNS, GetReportBreakdown, type WindowedBreakdown } from './application/reports/get-report-breakdown.use-case.ts';
export { GetRouteHealth, PLATFORM_MIN_OUTCOMES, ROUTE_HEALTH_MINUTES, type RouteHealth, type RouteHealthReport } from './application/reports/get-route-health.use-case.ts';
