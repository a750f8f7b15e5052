import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';
import { until } from '../../support/until.ts';

const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();

/** What the local receiver saw of one POST. */
interface Received {
  readonly path: string;
  readonly signature: string;
  readonly body: string;
}

const signedWith = (secret: string, { body }: Received): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * Test and live apart (docs/decisions.md, Hardening "test and live"): messages, batches, reports
 * and webhooks are per environment (another environment's id is 404, as another account's; live
 * keys may still list test messages, as the spec's `environment=all` says); live data kept once per
 * account (opt-outs, contact lists, the ledger; changes to templates and sender IDs) answers a test
 * key 403 `live_key_required`.
 */
describe(`HTTP test and live apart on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let receiver: Server;
  let base: string;
  let live: string;
  let test: string;
  const received: Received[] = [];
  /** What the live key made: a scheduled message and batch, a webhook event, a template and a contact list. */
  const made = { message: '', batch: '', event: '', template: 0, list: 0 };
  /** The test key's own scheduled message and batch, and webhook event. */
  const sandbox = { message: '', batch: '', event: '' };

  const scheduled = { schedule_mode: 'scheduled', scheduled_at: inAnHour() };

  before(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ path: req.url!, signature: String(req.headers['x-webhook-signature']), body });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    // Every live send delivered: the reports test waits for `message.delivered` on both keys.
    api = await startTestServer({
      WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${port}`,
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL,
    });
    live = api.started.demo!.liveKey;
    test = api.started.demo!.testKey;
    ok(await api.request('POST', `/api/admin/balances/${api.started.demo!.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 5, reason: 'envs', reference: 'envs-1' } }));

    ok(await api.request('PUT', '/api/webhooks', { key: live, body: { dlr_url: `${base}/live/dlr`, mo_url: `${base}/live/mo` } }));
    ok(await api.request('PUT', '/api/webhooks', { key: test, body: { dlr_url: `${base}/test/dlr` } }));
    made.message = ok(await api.request('POST', '/api/messages/send', { key: live, body: { to: '+254712345678', text: 'Live only', ...scheduled } })).id;
    made.batch = ok(await api.request('POST', '/api/messages/send-bulk', { key: live, body: { recipients: [{ to: '+254722000111' }], text: 'Live batch', ...scheduled } })).batch_id;
    made.event = ok(await api.request('POST', '/api/webhooks/test', { key: live })).events[0].event_id;
    made.template = ok(await api.request('POST', '/api/templates', { key: live, body: { name: 'Live reminder', text: 'Your appointment is tomorrow' } }), 201).id;
    made.list = ok(await api.request('POST', '/api/contacts/lists', { key: live, body: { name: 'Live customers' } }), 201).id;
    ok(await api.request('POST', '/api/opt-outs', { key: live, body: { phone: '+254733999000' } }), 201);
    sandbox.message = ok(await api.request('POST', '/api/messages/send', { key: test, body: { to: '+254733000222', text: 'Sandbox', ...scheduled } })).id;
    sandbox.batch = ok(await api.request('POST', '/api/messages/send-bulk', { key: test, body: { recipients: [{ to: '+254722000222' }], text: 'Sandbox batch', ...scheduled } })).batch_id;
    sandbox.event = ok(await api.request('POST', '/api/webhooks/test', { key: test })).events[0].event_id;
  });
  after(async () => {
    await api.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  /** Every route that takes another environment's id, as [method, path]: not found, as another account's. */
  const byId = (ids: { message: string; batch: string; event: string }): [string, string][] => [
    ['GET', `/api/messages/${ids.message}`],
    ['POST', `/api/messages/${ids.message}/cancel`],
    ['GET', `/api/messages/batch/${ids.batch}`],
    ['POST', `/api/messages/batch/${ids.batch}/cancel`],
    ['POST', `/api/webhooks/deliveries/${ids.event}/redeliver`],
  ];

  it("answers a test key 404 on every route given a live id, and changes nothing: the live key still finds each queued and pending", async () => {
    for (const [method, path] of byId(made)) {
      const res = await api.request(method, path, { key: test });
      expect(res.status, `${method} ${path}`).to.equal(404);
      expect(res.body.error.code, `${method} ${path}`).to.equal('not_found');
    }
    expect(ok(await api.request('GET', `/api/messages/status?ids=${made.message}`, { key: test })).messages).to.deep.equal([{ id: made.message, status: 'not_found' }]);
    for (const environment of ['live', 'all']) {
      const listed = ok(await api.request('GET', `/api/messages?environment=${environment}&limit=100`, { key: test })).messages.map((m: { id: string }) => m.id);
      expect(listed, `environment=${environment}`).to.include(sandbox.message).and.not.include(made.message);
    }
    expect(ok(await api.request('GET', `/api/messages/${made.message}`, { key: live })).status).to.equal('queued');
    expect(ok(await api.request('GET', `/api/messages/batch/${made.batch}`, { key: live })).counts).to.deep.include({ queued: 1 });
  });

  it("answers a live key 404 for the sandbox's webhook event, and shows it the test messages it may list (environment=all)", async () => {
    const res = await api.request('POST', `/api/webhooks/deliveries/${sandbox.event}/redeliver`, { key: live });
    expect([res.status, res.body.error?.code]).to.deep.equal([404, 'not_found']);
    expect(ok(await api.request('GET', `/api/messages/${sandbox.message}`, { key: live })).environment).to.equal('test');
    const all = ok(await api.request('GET', '/api/messages?environment=all&limit=100', { key: live })).messages.map((m: { id: string }) => m.id);
    expect(all).to.include.members([made.message, sandbox.message]);
    expect(ok(await api.request('GET', '/api/messages?limit=100', { key: live })).messages.map((m: { id: string }) => m.id), 'live by default').to.not.include(sandbox.message);
  });

  it('keeps each webhook configuration, secret and deliveries log to its environment: what one key changes the other never sees', async () => {
    const liveConfig = ok(await api.request('GET', '/api/webhooks', { key: live }));
    const testConfig = ok(await api.request('GET', '/api/webhooks', { key: test }));
    expect(liveConfig).to.include({ dlr_url: `${base}/live/dlr`, mo_url: `${base}/live/mo` });
    expect(testConfig).to.include({ dlr_url: `${base}/test/dlr`, mo_url: null });
    expect(testConfig.signing_secret).to.not.equal(liveConfig.signing_secret);

    const rotated = ok(await api.request('POST', '/api/webhooks/rotate-secret', { key: test })).signing_secret;
    ok(await api.request('PUT', '/api/webhooks', { key: test, body: { is_active: false } }));
    expect(ok(await api.request('GET', '/api/webhooks', { key: live })), 'the live settings after the test key rotated and switched off').to.deep.equal(liveConfig);
    ok(await api.request('PUT', '/api/webhooks', { key: test, body: { is_active: true } }));
    expect(ok(await api.request('GET', '/api/webhooks', { key: test })).signing_secret).to.equal(rotated);

    const logOf = async (key: string) => ok(await api.request('GET', '/api/webhooks/deliveries?limit=100', { key })).deliveries.map((d: { event_id: string }) => d.event_id);
    expect(await logOf(live)).to.include(made.event).and.not.include(sandbox.event);
    expect(await logOf(test)).to.include(sandbox.event).and.not.include(made.event);
  });

  it("delivers each environment's reports to its own URL, signed with its own secret: no live report reaches a URL a test key set", async () => {
    const secrets = {
      live: ok(await api.request('GET', '/api/webhooks', { key: live })).signing_secret,
      test: ok(await api.request('GET', '/api/webhooks', { key: test })).signing_secret,
    };
    const liveSent = ok(await api.request('POST', '/api/messages/send', { key: live, body: { to: '+254712000901', text: 'Live report please' } })).id;
    const testSent = ok(await api.request('POST', '/api/messages/send', { key: test, body: { to: '+254712000902', text: 'Sandbox report please' } })).id;
    const reportsOf = (id: string) => received.filter((r) => r.path.endsWith('/dlr') && JSON.parse(r.body).message_id === id);
    const delivered = (id: string) => reportsOf(id).some((r) => JSON.parse(r.body).event === 'message.delivered');
    await until('both delivery reports', async () => [delivered(liveSent), delivered(testSent)], (both) => both.every(Boolean), 30_000);
    for (const report of reportsOf(liveSent)) expect([report.path, report.signature]).to.deep.equal(['/live/dlr', signedWith(secrets.live, report)]);
    for (const report of reportsOf(testSent)) {
      expect([report.path, report.signature]).to.deep.equal(['/test/dlr', signedWith(secrets.test, report)]);
      expect(JSON.parse(report.body)).to.include({ environment: 'test', livemode: false });
    }
    expect(received.filter((r) => r.path.startsWith('/test/')).map((r) => JSON.parse(r.body).environment ?? 'sample')).to.not.include('live');
  });

  it('answers 403 live_key_required to a test key on every route over live data kept once per account, changing nothing', async () => {
    const document = ok(await api.request('GET', '/openapi.json'));
    const liveOnly = Object.entries(document.paths as Record<string, Record<string, { 'x-live-keys-only'?: boolean }>>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation['x-live-keys-only'])
        .map(([method]) => ({ method: method.toUpperCase(), path: path.replace('{phone}', '254733999000').replace('{id}', String(made.list)).replace('{code}', 'SVC_KE') })),
    );
    expect(liveOnly.map((o) => `${o.method} ${o.path.replace(/\d+/g, 'N')}`)).to.include.members([
      'DELETE /api/opt-outs/N',
      'GET /api/opt-outs',
      'POST /api/sender-ids',
      'GET /api/contacts/lists',
      'GET /api/contacts/lists/N/members',
      'DELETE /api/contacts/lists/N',
      'PATCH /api/templates/N',
      'DELETE /api/templates/N',
      'GET /api/balance/transactions',
    ]);
    expect(liveOnly.map((o) => o.path).filter((path) => path.startsWith('/api/webhooks') || path.startsWith('/api/messages'))).to.deep.equal([]);
    const before = {
      optOuts: ok(await api.request('GET', '/api/opt-outs', { key: live })),
      lists: ok(await api.request('GET', '/api/contacts/lists', { key: live })),
      templates: ok(await api.request('GET', '/api/templates', { key: live })),
    };
    for (const { method, path } of liveOnly) {
      const target = path.startsWith('/api/templates/') ? path.replace(/\d+$/, String(made.template)) : path;
      const body = method === 'GET' || method === 'DELETE' ? {} : target.endsWith('/import') ? { rawBody: 'phone\n+254712345678\n', headers: { 'Content-Type': 'text/csv' } } : { body: {} };
      const res = await api.request(method, target, { key: test, ...body });
      expect(res.status, `${method} ${target}`).to.equal(403);
      expect(res.body.error.code, `${method} ${target}`).to.equal('live_key_required');
    }
    expect(ok(await api.request('GET', '/api/opt-outs', { key: live }))).to.deep.equal(before.optOuts);
    expect(ok(await api.request('GET', '/api/contacts/lists', { key: live }))).to.deep.equal(before.lists);
    expect(ok(await api.request('GET', '/api/templates', { key: live }))).to.deep.equal(before.templates);
    // Templates are account configuration without live data: a test key reads them.
    expect(ok(await api.request('GET', '/api/templates', { key: test })).templates.map((t: { id: number }) => t.id)).to.include(made.template);
  });

  it("refuses a test key's bulk send and pre-check naming saved contact lists (403 naming contact_list_ids), and sends nothing", async () => {
    for (const path of ['/api/messages/send-bulk', '/api/messages/bulk-precheck']) {
      const res = await api.request('POST', path, { key: test, body: { contact_list_ids: [made.list], text: 'Hello {{name}}' } });
      expect(res.status, path).to.equal(403);
      expect(res.body.error).to.deep.include({ code: 'live_key_required', details: [{ path: 'contact_list_ids', message: 'Saved contact lists are for live keys only', in: 'body' }] });
    }
  });

  it('keeps reports to the key’s environment: a test key asking for live stats gets the test ones', async () => {
    const window = `date_from=2026-01-01&date_to=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`;
    const asked = ok(await api.request('GET', `/api/messages/stats?environment=live&${window}`, { key: test }));
    const testStats = ok(await api.request('GET', `/api/messages/stats?environment=test&${window}`, { key: live }));
    expect(asked.messages, 'the test messages of this file').to.be.greaterThan(0);
    expect(asked).to.deep.equal(testStats);
    expect(ok(await api.request('GET', '/api/conversations', { key: test }))).to.deep.equal({ conversations: [] });
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

  it('answers an opted-out single send 200 rejected with error_code opted_out and the reason', async () => {
    const rejected = ok(await api.request('POST', '/api/messages/send', { key: live, body: { to: '+254733999000', text: 'Are you still there?' } }));
    expect(rejected).to.include({ status: 'rejected', error_code: 'opted_out' });
    expect(rejected.reason).to.be.a('string').and.not.equal('');
  });
});
