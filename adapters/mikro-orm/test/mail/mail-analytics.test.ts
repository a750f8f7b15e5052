import { expect } from 'chai';
import { newId } from '@tuma/kernel';
import { COUNTED_EVENTS, Email, type EmailEventType, type MailCounts } from '@tuma/mail';
import { MikroOrmEmailRepository, MikroOrmMailAnalytics, type Database } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

const FROM = new Date('2026-11-23T00:00:00.000Z');
const at = (day: number, hour: number) => new Date(FROM.getTime() + day * 86_400_000 + hour * 3_600_000);
const counts = (some: Partial<MailCounts>): MailCounts => ({ ...(Object.fromEntries(COUNTED_EVENTS.map((type) => [type, 0])) as MailCounts), ...some });

/** Mail analytics on the database (docs/mail.md, "Analytics"): one aggregate, days gap-filled, the totals its rollup. */
describe(`MikroOrmMailAnalytics on ${databaseKind()}`, () => {
  let database: Database;
  let accounts: [string, string];

  /** An email of `accountId` created at `createdAt`, with these events (type, recipient, when). */
  const sent = async (accountId: string, createdAt: Date, events: [EmailEventType, string | null, Date][]) => {
    const emails = new MikroOrmEmailRepository(database);
    const email = Email.compose(
      { id: newId('em', createdAt), accountId, domainId: 'dom_x', from: { address: 'hi@example.com' }, to: [{ address: 'a@example.org' }], cc: [], bcc: [], replyTo: [], subject: 'Hi', html: null, text: 'Hi', headers: {}, attachments: [], tags: [], scheduledAt: null, createdAt },
      createdAt,
    ).toSnapshot();
    await database.withContext(async () => {
      await emails.add([{ email, first: { emailId: email.id, type: 'queued', recipient: null, at: createdAt, reason: null } }]);
      await emails.addEvents(events.map(([type, recipient, when]) => ({ emailId: email.id, type, recipient, at: when, reason: null })));
    });
  };

  before(async () => {
    database = await testDatabase();
    await truncateAll(database);
    accounts = [await insertAccount(database), await insertAccount(database)];
    const [a, b] = accounts;
    await sent(a, at(-1, 23), [['sent', 'a@example.org', at(-1, 23)], ['delivered', 'a@example.org', at(0, 0)], ['opened', 'a@example.org', at(2, 9)]]);
    await sent(a, at(0, 10), [['sent', 'a@example.org', at(0, 10)], ['sent', 'b@example.org', at(0, 10)], ['bounced', 'b@example.org', at(0, 11)], ['failed', 'c@example.org', at(0, 10)]]);
    await sent(a, at(2, 8), [['sent', 'a@example.org', at(2, 8)], ['delivered', 'a@example.org', at(2, 8)], ['clicked', 'a@example.org', at(2, 23)], ['complained', 'a@example.org', at(3, 0)]]);
    await sent(b, at(1, 1), [['sent', 'a@example.org', at(1, 1)]]);
  });

  it("counts the account's events per UTC day, every day of the window present, oldest first, with the totals", async () => {
    const report = await database.withContext(() => new MikroOrmMailAnalytics(database).daily(accounts[0], FROM, 3));
    expect(report.days).to.deep.equal([
      { day: '2026-11-23', counts: counts({ sent: 2, delivered: 1, bounced: 1, failed: 1 }) },
      { day: '2026-11-24', counts: counts({}) },
      { day: '2026-11-25', counts: counts({ sent: 1, delivered: 1, opened: 1, clicked: 1 }) },
    ]);
    expect(report.totals).to.deep.equal(counts({ sent: 3, delivered: 2, bounced: 1, failed: 1, opened: 1, clicked: 1 }));
  });

  it('answers zeros for every day of an account that sent nothing', async () => {
    const quiet = await insertAccount(database);
    const report = await database.withContext(() => new MikroOrmMailAnalytics(database).daily(quiet, FROM, 365));
    expect(report.days).to.have.length(365);
    expect(report.days.at(-1)!.day).to.equal('2027-11-22');
    expect(report.days.every((day) => Object.values(day.counts).every((n) => n === 0))).to.equal(true);
    expect(report.totals).to.deep.equal(counts({}));
  });
});
