import { UndoableList } from '@tuma/kernel/testing';
import type { ClickAnalytics } from '../application/analytics/click-analytics.port.ts';
import type { ClickStore } from '../application/clicks/click-store.port.ts';
import { daysOf, type AnalyticsWindow, type ClickSummary } from '../domain/analytics/link-analytics.ts';
import { utcDay, type Click } from '../domain/clicks/click.ts';
import type { InMemoryLinkRepository } from './in-memory-link.repository.ts';

/** Clicks in an array: appended as the store does (each link's count raised by its human clicks) and summed as the analytics read them. */
export class InMemoryClicks implements ClickStore, ClickAnalytics {
  readonly clicks = new UndoableList<Click>();

  constructor(private readonly links?: InMemoryLinkRepository) {}

  async append(clicks: readonly Click[]): Promise<void> {
    this.clicks.push(...clicks);
    const humans = new Map<string, number>();
    for (const click of clicks) if (!click.bot) humans.set(click.linkId, (humans.get(click.linkId) ?? 0) + 1);
    for (const [linkId, count] of humans) this.links?.countClicks(linkId, count);
  }

  async summarize(linkId: string, window: AnalyticsWindow): Promise<ClickSummary> {
    const counted = this.clicks.filter((click) => click.linkId === linkId && !click.bot && utcDay(click.at) >= window.from && utcDay(click.at) <= window.to);
    const tally = (key: (click: Click) => string | null): Record<string, number> => {
      const counts: Record<string, number> = {};
      for (const click of counted) {
        const value = key(click);
        if (value !== null) counts[value] = (counts[value] ?? 0) + 1;
      }
      return counts;
    };
    const uniques = (clicks: readonly Click[]) => new Set(clicks.map((click) => click.visitor)).size;
    return {
      totals: { clicks: counted.length, uniques: uniques(counted) },
      timeline: daysOf(window).map((day) => {
        const ofDay = counted.filter((click) => utcDay(click.at) === day);
        return { day, clicks: ofDay.length, uniques: uniques(ofDay) };
      }),
      byCountry: tally((click) => click.country),
      byDevice: tally((click) => click.device),
      byBrowser: tally((click) => click.browser),
      byReferrer: tally((click) => click.referrer),
    };
  }
}
