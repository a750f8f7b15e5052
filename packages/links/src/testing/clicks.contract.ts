/** The contract suite of the click store and its analytics. */
import { expect } from 'chai';
import type { ClickAnalytics } from '../application/analytics/click-analytics.port.ts';
import type { ClickStore } from '../application/clicks/click-store.port.ts';
import type { LinkRepository } from '../application/links/link.repository.port.ts';
import type { Click } from '../domain/clicks/click.ts';
import { newLink } from './link-repository.contract.ts';

export interface ClicksFixture {
  /** An empty store, whose analytics read what it stored. */
  readonly clicks: ClickStore & ClickAnalytics;
  /** The links' store the click counts are raised in. */
  readonly links: LinkRepository;
  /** An account that exists. */
  readonly accountId: string;
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const DAY = 86_400_000;
const NOON = Date.UTC(2026, 10, 20, 12, 0, 0);

const click = (linkId: string, dayOffset: number, changes: Partial<Click> = {}): Click => ({
  linkId,
  at: new Date(NOON + dayOffset * DAY),
  country: 'KE',
  device: 'mobile',
  browser: 'Chrome',
  referrer: 'direct',
  bot: false,
  visitor: 'v1',
  ...changes,
});

export function describeClicksContract(name: string, make: () => Promise<ClicksFixture>): void {
  describe(`ClickStore and ClickAnalytics contract: ${name}`, () => {
    let f: ClicksFixture;
    const step = <T>(work: () => Promise<T>) => f.step(work);

    beforeEach(async () => {
      f = await make();
    });

    it("raises each link's click count by its human clicks, and sums a window gap-filled with bots left out", async () => {
      const link = newLink(f.accountId, 'counted');
      const other = newLink(f.accountId, 'other', 1);
      await step(() => f.links.add(link));
      await step(() => f.links.add(other));
      await step(() =>
        f.clicks.append([
          click(link.id, 0),
          click(link.id, 0, { country: 'NG', device: 'desktop', browser: 'Firefox', referrer: 'news.example' }),
          click(link.id, 0, { visitor: 'v2', country: null, device: null, browser: null }),
          click(link.id, 2, { device: 'tablet' }),
          click(link.id, 2, { bot: true, visitor: 'bot' }),
          click(link.id, -5, { visitor: 'v9' }),
          click(other.id, 0),
        ]),
      );
      expect((await step(() => f.links.find(f.accountId, 'live', link.id)))?.clicks).to.equal(5);
      const summary = await step(() => f.clicks.summarize(link.id, { from: '2026-11-19', to: '2026-11-23' }));
      expect(summary.totals).to.deep.equal({ clicks: 4, uniques: 2 });
      expect(summary.timeline).to.deep.equal([
        { day: '2026-11-19', clicks: 0, uniques: 0 },
        { day: '2026-11-20', clicks: 3, uniques: 2 },
        { day: '2026-11-21', clicks: 0, uniques: 0 },
        { day: '2026-11-22', clicks: 1, uniques: 1 },
        { day: '2026-11-23', clicks: 0, uniques: 0 },
      ]);
      expect(summary.byCountry).to.deep.equal({ KE: 2, NG: 1 });
      expect(summary.byDevice).to.deep.equal({ mobile: 1, desktop: 1, tablet: 1 });
      expect(summary.byBrowser).to.deep.equal({ Chrome: 2, Firefox: 1 });
      expect(summary.byReferrer).to.deep.equal({ direct: 3, 'news.example': 1 });
    });

    it('answers a window without clicks with zeros on every day', async () => {
      const link = newLink(f.accountId, 'quiet');
      await step(() => f.links.add(link));
      const summary = await step(() => f.clicks.summarize(link.id, { from: '2026-11-24', to: '2026-11-25' }));
      expect(summary).to.deep.equal({
        totals: { clicks: 0, uniques: 0 },
        timeline: [
          { day: '2026-11-24', clicks: 0, uniques: 0 },
          { day: '2026-11-25', clicks: 0, uniques: 0 },
        ],
        byCountry: {},
        byDevice: {},
        byBrowser: {},
        byReferrer: {},
      });
    });
  });
}
