import { expect } from 'chai';
import { databaseKind } from '../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestResponse, type TestServer } from '../support/test-server.ts';

const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();

/**
 * Test keys see and change test data only: another environment's message or batch is not found (as
 * another account's is), and routes over live-only data answer 403 live_key_required. Live keys
 * still see test messages (the spec's `environment=all`).
 */
describe(`HTTP test and live apart on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let live: string;
  let test: string;

  const ok = (res: TestResponse, status = 200) => {
    expect(res.status, res.text).to.equal(status);
    return res.body;
  };

  before(async () => {
    api = await startTestServer();
    live = api.started.demo!.liveKey;
    test = api.started.demo!.testKey;
    ok(await api.request('POST', `/api/admin/balances/${api.started.demo!.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 5, reason: 'envs', reference: 'envs-1' } }));
  });
  after(() => api.stop());

  it("keeps live messages and batches out of a test key's reach: not found to read, status or cancel", async () => {
    const message = ok(await api.request('POST', '/api/messages/send', { key: live, body: { to: '+254712345678', text: 'Live only', schedule_mode: 'scheduled', scheduled_at: inAnHour() } }));
    const batch = ok(
      await api.request('POST', '/api/messages/send-bulk', { key: live, body: { recipients: [{ to: '+254722000111' }], text: 'Live batch', schedule_mode: 'scheduled', scheduled_at: inAnHour() } }),
    );
    for (const [method, path] of [
      ['GET', `/api/messages/${message.id}`],
      ['POST', `/api/messages/${message.id}/cancel`],
      ['GET', `/api/messages/batch/${batch.batch_id}`],
      ['POST', `/api/messages/batch/${batch.batch_id}/cancel`],
    ] as const) {
      const res = await api.request(method, path, { key: test });
      expect(res.status, `${method} ${path}`).to.equal(404);
      expect(res.body.error.code).to.equal('not_found');
    }
    expect(ok(await api.request('GET', `/api/messages/status?ids=${message.id}`, { key: test })).messages).to.deep.equal([{ id: message.id, status: 'not_found' }]);
    expect(ok(await api.request('GET', '/api/messages?environment=live', { key: test })).messages.map((m: { id: string }) => m.id)).to.not.include(message.id);

    // Untouched: the live key still finds both queued, and cancels them with their refunds.
    expect(ok(await api.request('GET', `/api/messages/${message.id}`, { key: live })).status).to.equal('queued');
    expect(ok(await api.request('POST', `/api/messages/${message.id}/cancel`, { key: live })).error_code).to.equal('cancelled');
    expect(ok(await api.request('POST', `/api/messages/batch/${batch.batch_id}/cancel`, { key: live })).cancelled).to.equal(1);
  });

  it('lets a test key follow and cancel its own test messages, and a live key see them too', async () => {
    const message = ok(await api.request('POST', '/api/messages/send', { key: test, body: { to: '+254733000222', text: 'Sandbox', schedule_mode: 'scheduled', scheduled_at: inAnHour() } }));
    expect(ok(await api.request('GET', `/api/messages/${message.id}`, { key: live })).environment).to.equal('test');
    expect(ok(await api.request('POST', `/api/messages/${message.id}/cancel`, { key: test })).error_code).to.equal('cancelled');
  });

  it('answers 403 live_key_required to a test key on every route over live-only data (webhooks, opt-outs, sender-ID requests), changing nothing', async () => {
    const document = ok(await api.request('GET', '/openapi.json'));
    const liveOnly = Object.entries(document.paths as Record<string, Record<string, { 'x-live-keys-only'?: boolean }>>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation['x-live-keys-only'])
        .map(([method]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '254712345678') })),
    );
    expect(liveOnly.map((o) => `${o.method} ${o.path}`)).to.include.members(['PUT /api/webhooks', 'POST /api/webhooks/rotate-secret', 'DELETE /api/opt-outs/254712345678', 'POST /api/sender-ids']);
    const before = ok(await api.request('GET', '/api/webhooks', { key: live }));
    for (const { method, path } of liveOnly) {
      const res = await api.request(method, path, { key: test, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.status, `${method} ${path}`).to.equal(403);
      expect(res.body.error.code).to.equal('live_key_required');
    }
    expect(ok(await api.request('GET', '/api/webhooks', { key: live }))).to.deep.equal(before);
  });

  it('tells a test key the truth about money: the pre-check is sufficient and the quote affordable whatever the balance', async () => {
    const recipients = Array.from({ length: 200 }, (_, i) => ({ to: `+254712000${String(i).padStart(3, '0')}` }));
    const text = 'x'.repeat(1500);
    const precheck = ok(await api.request('POST', '/api/messages/bulk-precheck', { key: test, body: { recipients, text } }));
    expect(precheck.total_cost).to.be.greaterThan(precheck.wallet_balance);
    expect(precheck).to.include({ sufficient_balance: true, balance_after: precheck.wallet_balance });
    const livePrecheck = ok(await api.request('POST', '/api/messages/bulk-precheck', { key: live, body: { recipients, text } }));
    expect(livePrecheck.sufficient_balance).to.equal(false);
    const quote = ok(await api.request('POST', '/api/messages/rate', { key: test, body: { to: recipients.map((r) => r.to), text } }));
    expect(quote.affordable).to.equal(true);
  });
});
