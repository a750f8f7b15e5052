/**
 * Mail analytics from the daily tallies answer exactly what a scan of the events answers (issue 34):
 * after any mix of events recorded (duplicates ignored, as the repository does), of two accounts,
 * with folds at any point, for any window of whole days, on PGlite and on PostgreSQL.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { newId } from '@tuma/kernel';
import { COUNTED_EVENTS, type EmailEventType } from '@tuma/mail';
import { EMAIL_EVENT_TALLY, MAIL_EVENT_SCAN, MikroOrmEmailRepository, MikroOrmMailAnalytics, RollupFolds, type Database } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

const DAY_MS = 86_400_000;
const START = Date.parse('2026-11-23T00:00:00Z');
const TYPES: readonly EmailEventType[] = ['queued', ...COUNTED_EVENTS];

const eventArbitrary = fc.record({
  email: fc.nat({ max: 5 }),
  type: fc.constantFrom(...TYPES),
  recipient: fc.constantFrom('a@example.org', 'b@example.org'),
  minute: fc.integer({ min: 0, max: (5 * DAY_MS) / 60_000 }),
});
const stepArbitrary = fc.oneof(fc.array(eventArbitrary, { minLength: 1, maxLength: 15 }), fc.constant('fold' as const));

/** An email row of `accountId`, as the mail API stores it (the columns the analytics never read, plain). */
async function insertEmail(database: Database, accountId: string): Promise<string> {
  const id = newId('em');
  await database.withContext(() =>
    database.em.execute(
      `insert into email (id, account_id, domain_id, from_address, recipients, subject, tags, content, status, created_at, updated_at)
       values (?, ?, 'dom_x', 'hi@duka.co.ke', '["a@example.org"]', 'Your order', '[]', '{}', 'sent', now(), now())`,
      [id, accountId],
      'run',
    ),
  );
  return id;
}

describe(`mail event tallies equal a scan of the events (${databaseKind()})`, function () {
  this.timeout(300_000);
  let database: Database;
  before(async () => {
    database = await testDatabase();
  });

  it("law: for any events and folds, every account's days and totals over any whole-day window are the scan's", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }), fc.integer({ min: -1, max: 5 }), fc.integer({ min: 1, max: 8 }), async (steps, firstDay, days) => {
        await truncateAll(database);
        const accounts = [await insertAccount(database), await insertAccount(database)];
        const emails: string[] = [];
        for (let index = 0; index < 6; index++) emails.push(await insertEmail(database, accounts[index % 2]!));
        const repository = new MikroOrmEmailRepository(database);
        const folds = new RollupFolds(database, [EMAIL_EVENT_TALLY]);
        for (const step of steps) {
          await database.withContext(async () => {
            if (step === 'fold') await folds.foldAll();
            else await repository.addEvents(step.map((event) => ({ emailId: emails[event.email]!, type: event.type, recipient: event.recipient, at: new Date(START + event.minute * 60_000), reason: null })));
          });
        }
        const from = new Date(START + firstDay * DAY_MS);
        for (const account of accounts) {
          const [tallied, scanned] = await database.withContext(() =>
            Promise.all([new MikroOrmMailAnalytics(database).daily(account, from, days), new MikroOrmMailAnalytics(database, MAIL_EVENT_SCAN).daily(account, from, days)]),
          );
          expect(tallied).to.deep.equal(scanned);
        }
      }),
      { numRuns: 30 },
    );
  });
});
