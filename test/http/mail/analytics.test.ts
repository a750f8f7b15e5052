import { expect } from 'chai';
import { NodeDigests } from '@tuma/crypto-adapter';
import { COUNTED_EVENTS, SignedTokens, TrackingTokens } from '@tuma/mail';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';

const TOKEN_KEY = Buffer.alloc(32, 9);

/** Mail analytics over HTTP (docs/mail.md, "Analytics"): the counts agree with the emails' timelines. */
describe(`HTTP mail analytics on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: MailWorld;
  const ids: string[] = [];

  before(async () => {
    world = await startMailWorld({ domain: 'stats.example.com', env: { MAIL_TOKEN_KEY: TOKEN_KEY.toString('base64') } });
    const outcomes: [string, string][] = [['amina@example.org', 'delivered'], ['bounce@example.org', 'bounced'], ['complaint@example.org', 'complained'], ['fail@example.org', 'failed']];
    for (const [to, status] of outcomes) {
      const id = await world.send({ to, text: 'Hi' });
      await world.settled(id, status);
      ids.push(id);
    }
    // An open, as the pixel of a tracking domain would record it (the server signs with MAIL_TOKEN_KEY).
    ok(await world.api.request('GET', `/t/o/${new TrackingTokens(new SignedTokens(new NodeDigests(), () => TOKEN_KEY)).sign({ kind: 'open', emailId: ids[0]! })}`, { api: 'mail' }));
  });
  after(async () => {
    await world.stop();
  });

  it('totals what the timelines of the emails say, with rates, and a daily timeline ending today', async () => {
    const timelines = await Promise.all(ids.map(async (id) => ok(await world.mail('GET', `/v1/emails/${id}`)).events as { type: string }[]));
    const expected = Object.fromEntries(COUNTED_EVENTS.map((type) => [type, timelines.flat().filter((event) => event.type === type).length]));
    // fail@ is handed over (sent) and then fails.
    expect(expected).to.deep.equal({ sent: 4, delivered: 2, bounced: 1, complained: 1, opened: 1, clicked: 0, failed: 1 });

    const report = ok(await world.mail('GET', '/v1/analytics/?days=7'));
    expect(report).to.include({ days: 7, to: new Date().toISOString().slice(0, 10) });
    expect(report.totals).to.deep.equal({ ...expected, delivery_rate: 0.5, bounce_rate: 0.25, complaint_rate: 0.5, open_rate: 0.5, click_rate: 0, failure_rate: 0.2 });
    expect(report.daily.map((day: { date: string }) => day.date)).to.have.length(7).and.include(report.from);
    for (const type of COUNTED_EVENTS) expect(report.daily.reduce((sum: number, day: Record<string, number>) => sum + day[type]!, 0), type).to.equal(expected[type]);
    expect(ok(await world.mail('GET', '/v1/analytics')).daily, 'the default: 30 days').to.have.length(30);
  });

  it("shows another account nothing of this one's, reads with read only, and names days when out of 1-365 (422)", async () => {
    const other = ok(await world.mail('GET', '/v1/analytics?days=1', undefined, { key: await world.otherAccountKey() }));
    expect(other.totals.sent).to.equal(0);
    const sender = ok(await world.mail('POST', '/v1/api-keys', { name: 'sender', permissions: ['send'] }), 201).key;
    refused(await world.mail('GET', '/v1/analytics', undefined, { key: sender }), 403, 'insufficient_scope');
    for (const days of ['0', '366', 'many']) {
      const answer = await world.mail('GET', `/v1/analytics?days=${days}`);
      refused(answer, 422, 'validation_error');
      expect(answer.body.error.details.map((d: { path: string }) => d.path)).to.deep.equal(['days']);
    }
  });
});
