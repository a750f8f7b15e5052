import { expect } from 'chai';
import { databaseKind, testDatabase } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';
import { until } from '../../support/until.ts';

/** Suspension stops what an account has scheduled: held queued (cancellable), sent after unsuspension. */
describe(`HTTP suspension holds scheduled messages on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let key: string;
  let accountId: string;

  /** Makes the message's pending submit job due now: "time travel" past the schedule and the hold's recheck. */
  async function dueNow(messageId: string): Promise<number> {
    const database = await testDatabase();
    return database.withContext(async () => {
      const rows = await database.em.execute(
        `update pgboss.job set start_after = now() where name = 'messaging.submit-message' and state in ('created', 'retry') and data->>'messageId' = ? returning id`,
        [messageId],
      );
      return rows.length;
    });
  }
  async function waitingJobs(messageId: string): Promise<number> {
    const database = await testDatabase();
    return database.withContext(async () => {
      const [row] = await database.em.execute<{ n: number }[]>(
        `select count(*)::int as n from pgboss.job where name = 'messaging.submit-message' and state = 'created' and start_after > now() and data->>'messageId' = ?`,
        [messageId],
      );
      return row!.n;
    });
  }
  const statusOf = async (id: string) => ok(await api.request('GET', `/api/messages/${id}`, { key })).status as string;

  before(async () => {
    api = await startTestServer({ SIMULATOR_LATENCY_MS: '5-30', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL });
    key = api.started.demo!.liveKey;
    accountId = api.started.demo!.accountId;
    ok(await api.request('POST', `/api/admin/balances/${accountId}/credit`, { key: ADMIN_KEY, body: { amount: 5, reason: 'hold', reference: 'hold-1' } }));
  });
  after(() => api.stop());

  it('keeps a due scheduled message queued while the account is suspended, and delivers it after unsuspension', async () => {
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    const sent = ok(await api.request('POST', '/api/messages/send', { key, body: { to: '+254712345678', text: 'Held for now', schedule_mode: 'scheduled', scheduled_at: at } }));
    ok(await api.request('POST', `/api/admin/accounts/${accountId}/suspend`, { key: ADMIN_KEY }));
    expect(await dueNow(sent.id)).to.equal(1);
    // The job runs, finds the account suspended and comes back a minute later.
    await until('the held job to be put back for later', () => waitingJobs(sent.id), (waiting) => waiting === 1);
    ok(await api.request('POST', `/api/admin/accounts/${accountId}/unsuspend`, { key: ADMIN_KEY }));
    expect(await statusOf(sent.id)).to.equal('queued');
    expect(await dueNow(sent.id)).to.equal(1);
    await until(`message ${sent.id}`, () => statusOf(sent.id), (status) => status === 'delivered');
  });
});
