import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestResponse, type TestServer } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';

const RACERS = 20;

/** Many cancels of the same scheduled send at once (a double-clicking dashboard, a retrying client) refund it once. */
describe(`HTTP cancel races on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let key: string;

  const balance = async () => ok(await api.request('GET', '/api/balance', { key })).balance as number;
  const refunds = async () =>
    (ok(await api.request('GET', '/api/balance/transactions?limit=100', { key })).transactions as { kind: string }[]).filter((t) => t.kind === 'refund').length;
  const inHalfAnHour = () => new Date(Date.now() + 30 * 60_000).toISOString();
  const statuses = (answers: TestResponse[]) => answers.map((answer) => answer.status).sort();

  before(async () => {
    api = await startTestServer();
    key = api.started.demo!.liveKey;
    ok(await api.request('POST', `/api/admin/balances/${api.started.demo!.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 20, reason: 'cancel races', reference: 'cancel-races' } }));
  });
  after(() => api.stop());

  it(`${RACERS} cancels of one scheduled message: one 200, the rest 409 not_cancellable, one refund`, async () => {
    const before = await balance();
    const sent = ok(await api.request('POST', '/api/messages/send', { key, body: { to: '+254712345678', text: 'Race me', schedule_mode: 'scheduled', scheduled_at: inHalfAnHour() } }));
    const answers = await Promise.all(Array.from({ length: RACERS }, () => api.request('POST', `/api/messages/${sent.id}/cancel`, { key })));
    expect(statuses(answers)).to.deep.equal([200, ...Array<number>(RACERS - 1).fill(409)]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.error.code === 'not_cancellable')).to.equal(true);
    expect(await balance()).to.be.closeTo(before, 1e-9);
    expect(await refunds()).to.equal(1);
  });

  it(`${RACERS} cancels of one scheduled batch: one cancels every member, the others cancel none, one refund of the whole`, async () => {
    const before = await balance();
    const recipients = ['+254712345678', '+254722000111', '+254733000222'].map((to) => ({ to }));
    const accepted = ok(await api.request('POST', '/api/messages/send-bulk', { key, body: { recipients, text: 'Race us', schedule_mode: 'scheduled', scheduled_at: inHalfAnHour() } }));
    const refundsBefore = await refunds();
    const answers = await Promise.all(Array.from({ length: RACERS }, () => api.request('POST', `/api/messages/batch/${accepted.batch_id}/cancel`, { key })));
    const cancelled = answers.filter((answer) => answer.status === 200 && answer.body.cancelled > 0);
    expect(cancelled, JSON.stringify(answers.map((answer) => answer.body))).to.have.length(1);
    expect(cancelled[0]!.body.cancelled).to.equal(3);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409), JSON.stringify(statuses(answers))).to.equal(true);
    expect(await balance()).to.be.closeTo(before, 1e-9);
    expect((await refunds()) - refundsBefore).to.equal(1);
  });
});
