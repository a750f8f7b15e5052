/**
 * Link analytics from the daily tallies answer exactly what a scan of the clicks answers (issue 34),
 * uniques included: after any flushes of clicks (humans and bots, visitors coming back on later or
 * earlier days, several links), with folds at any point, for any window ending today, on PGlite and
 * on PostgreSQL; and under concurrent flushes on PostgreSQL.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { analyticsWindow, type Click } from '@tuma/links';
import { newLink } from '@tuma/links/testing/contracts';
import { CLICK_SCAN, LINK_CLICK_TALLY, MikroOrmClicks, MikroOrmLinkRepository, RollupFolds, type Database } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

const DAY_MS = 86_400_000;
/** "Today": every click falls on it or on one of the 9 days before. */
const NOW = new Date('2026-12-04T15:00:00Z');

const clickArbitrary = fc.record({
  link: fc.nat({ max: 1 }),
  minutesAgo: fc.integer({ min: 0, max: (10 * DAY_MS) / 60_000 - 1 }),
  country: fc.constantFrom('KE', 'NG', null),
  device: fc.constantFrom('mobile' as const, 'desktop' as const, null),
  browser: fc.constantFrom('Chrome', 'Safari', null),
  referrer: fc.constantFrom('direct', 'duka.co.ke', 'facebook.com'),
  bot: fc.constantFrom(false, false, false, true),
  visitor: fc.constantFrom('v1', 'v2', 'v3', 'v4', 'v5'),
});
type ClickDraft = typeof clickArbitrary extends fc.Arbitrary<infer T> ? T : never;
const stepArbitrary = fc.oneof(fc.array(clickArbitrary, { minLength: 1, maxLength: 20 }), fc.constant('fold' as const));

const clickOf = (linkIds: readonly string[], draft: ClickDraft): Click => ({
  linkId: linkIds[draft.link]!,
  at: new Date(NOW.getTime() - draft.minutesAgo * 60_000),
  country: draft.country,
  device: draft.device,
  browser: draft.browser,
  referrer: draft.referrer,
  bot: draft.bot,
  visitor: draft.visitor.padEnd(64, '0'),
});

async function twoLinks(database: Database): Promise<string[]> {
  await truncateAll(database);
  const accountId = await insertAccount(database);
  const links = [newLink(accountId, 'spring', 0), newLink(accountId, 'autumn', 1)];
  for (const link of links) await database.withContext(() => new MikroOrmLinkRepository(database).add(link));
  return links.map((link) => link.id);
}

async function expectSameSummaries(database: Database, linkIds: readonly string[], days: number): Promise<void> {
  const window = analyticsWindow(NOW, days);
  for (const linkId of linkIds) {
    const tallied = await database.withContext(() => new MikroOrmClicks(database).summarize(linkId, window));
    const scanned = await database.withContext(() => new MikroOrmClicks(database, CLICK_SCAN).summarize(linkId, window));
    expect(tallied, `${linkId}, ${days} days`).to.deep.equal(scanned);
  }
}

describe(`click tallies equal a scan of the clicks (${databaseKind()})`, function () {
  this.timeout(300_000);
  let database: Database;
  before(async () => {
    database = await testDatabase();
  });

  it('law: for any flushes and folds, every summary (uniques included) over any window ending today is the scan\'s', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 12 }), async (steps, days) => {
        const linkIds = await twoLinks(database);
        const clicks = new MikroOrmClicks(database);
        const folds = new RollupFolds(database, [LINK_CLICK_TALLY]);
        for (const step of steps) {
          await database.withContext(async () => {
            if (step === 'fold') await folds.foldAll();
            else await clicks.append(step.map((draft) => clickOf(linkIds, draft)));
          });
        }
        await expectSameSummaries(database, linkIds, days);
      }),
      { numRuns: 30 },
    );
  });

  (databaseKind() === 'postgresql' ? it : it.skip)('law: concurrent flushes of the same visitors and folds leave clicks and uniques exact (PostgreSQL)', async () => {
    const linkIds = await twoLinks(database);
    const clicks = new MikroOrmClicks(database);
    const folds = new RollupFolds(database, [LINK_CLICK_TALLY]);
    const flushes = fc.sample(fc.array(clickArbitrary, { minLength: 50, maxLength: 50 }), { numRuns: 24, seed: 34 });
    await Promise.all([0, 1, 2, 3].map(async (writer) => {
      for (let index = writer; index < flushes.length; index += 4) {
        await database.withContext(() => clicks.append(flushes[index]!.map((draft) => clickOf(linkIds, draft))));
        if (index % 5 === 0) await database.withContext(() => folds.foldAll());
      }
    }));
    for (const days of [1, 3, 10]) await expectSameSummaries(database, linkIds, days);
  });
});
