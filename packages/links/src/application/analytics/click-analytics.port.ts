import type { AnalyticsWindow, ClickSummary } from '../../domain/analytics/link-analytics.ts';

/** Reads a link's clicks summed over a window: one aggregate, gap-filled, bots left out. */
export interface ClickAnalytics {
  summarize(linkId: string, window: AnalyticsWindow): Promise<ClickSummary>;
}
