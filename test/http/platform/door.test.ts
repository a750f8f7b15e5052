import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestResponse, type TestServer } from '../../support/test-server.ts';

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

/**
 * Text no column can hold (NUL, unpaired surrogates) is refused at the door of every route as a 422
 * naming the field, and error answers stay small whatever the request: both were 500s and a 69 MB
 * error body before.
 */
describe(`HTTP door rules on ${databaseKind()}`, () => {
  let api: TestServer;
  let key: string;
  let testKey: string;
  let accountId: string;

  const expectRefused = (res: TestResponse, path: string, location: 'body' | 'query' | 'path') => {
    expect(res.status, res.text).to.equal(422);
    expect(res.body.error.code).to.equal('validation_error');
    const detail = (res.body.error.details as { path: string; in: string; message: string }[]).find((d) => d.path === path && d.in === location);
    expect(detail?.message, `${location} ${path} in ${res.text}`).to.match(/NUL character or an unpaired UTF-16 surrogate/);
  };
  const balance = async () => (await api.request('GET', '/api/balance', { key })).body.balance as number;

  before(async () => {
    api = await startTestServer();
    key = api.started.demo!.liveKey;
    testKey = api.started.demo!.testKey;
    accountId = api.started.demo!.accountId;
    await api.request('POST', `/api/admin/balances/${accountId}/credit`, { key: ADMIN_KEY, body: { amount: 5, reason: 'door', reference: 'door-1' } });
  });
  after(() => api.stop());

  it('refuses NUL and lone surrogates in message texts of single and bulk sends, before anything is charged', async () => {
    const before = await balance();
    for (const text of [LONE_HIGH, `Hello ${NUL}`, `Bye ${LONE_LOW}`]) {
      expectRefused(await api.request('POST', '/api/messages/send', { key, body: { to: '+254712345678', text } }), 'text', 'body');
    }
    const bulk = await api.request('POST', '/api/messages/send-bulk', {
      key,
      body: { text: 'Hi {{name}} {{code}}', recipients: [{ to: '+254712345678', name: LONE_LOW }, { to: '+254722000111', vars: { code: `1${NUL}` } }, { to: '+254733000222', vars: { [`co${NUL}de`]: '1' } }] },
    });
    expectRefused(bulk, 'recipients.0.name', 'body');
    expectRefused(bulk, 'recipients.1.vars.code', 'body');
    expectRefused(bulk, 'recipients.2.vars', 'body');
    expect(await balance()).to.equal(before);
  });

  it('still takes paired surrogates (emoji) as text', async () => {
    const res = await api.request('POST', '/api/messages/send', { key: testKey, body: { to: '+254712345678', text: 'Karibu \ud83d\ude00' } });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.encoding).to.equal('UCS2');
  });

  it('refuses them in queries and path ids', async () => {
    expectRefused(await api.request('GET', '/api/messages?batch_id=%00', { key }), 'batch_id', 'query');
    expectRefused(await api.request('GET', '/api/messages/status?ids=%00', { key }), 'ids', 'query');
    expectRefused(await api.request('GET', '/api/routes/%00', { key }), 'code', 'path');
    expectRefused(await api.request('GET', '/api/messages/msg_%00', { key }), 'id', 'path');
    expectRefused(await api.request('DELETE', '/api/opt-outs/%00', { key }), 'phone', 'path');
  });

  it('refuses them in operator input: emails, reasons, references and key names', async () => {
    expectRefused(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: `a${NUL}@b.co` } }), 'email', 'body');
    const credit = await api.request('POST', `/api/admin/balances/${accountId}/credit`, { key: ADMIN_KEY, body: { amount: 1, reason: `why${LONE_HIGH}`, reference: `ref${NUL}` } });
    expectRefused(credit, 'reason', 'body');
    expectRefused(credit, 'reference', 'body');
    expectRefused(await api.request('POST', `/api/admin/accounts/${accountId}/keys`, { key: ADMIN_KEY, body: { environment: 'live', name: `k${NUL}` } }), 'name', 'body');
  });

  it('answers at most 100 short details, saying how many were left out, however large the bad request', async () => {
    const recipients = Array.from({ length: 60_000 }, () => ({ to: 5, name: 7, vars: 3 }));
    const res = await api.request('POST', '/api/messages/send-bulk', { key: testKey, body: { recipients, text: 'x'.repeat(1000) } });
    expect(res.status).to.equal(422);
    expect(res.body.error.details).to.have.length(100);
    expect(res.body.error.details_omitted).to.be.greaterThan(100_000);
    expect(res.text.length).to.be.lessThan(64 * 1024);

    const longKey = 'k'.repeat(300_000);
    const unknown = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'a@b.co', [longKey]: 1 } });
    expect(unknown.status).to.equal(422);
    expect(unknown.text.length).to.be.lessThan(2048);
  });

  it('sends a visitor of / to the explorer', async () => {
    const res = await fetch(`${api.baseUrl}/`, { redirect: 'manual' });
    expect([res.status, res.headers.get('location')]).to.deep.equal([302, '/docs']);
    expect(await res.json()).to.deep.equal({ docs: '/docs', openapi: '/openapi.json', health: '/health' });
  });

  it('serves the explorer with security headers and no stored keys, and no asset through an object prototype', async () => {
    const page = await api.request('GET', '/docs');
    expect(page.headers.get('content-security-policy')).to.contain("frame-ancestors 'none'").and.contain("script-src 'self'");
    expect(page.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(page.headers.get('x-frame-options')).to.equal('DENY');
    expect((await api.request('GET', '/docs/init.js')).text).to.contain('persistAuthorization: false');
    for (const asset of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await api.request('GET', `/docs/${asset}`);
      expect(res.status, asset).to.equal(404);
      expect(res.body.error.code).to.equal('not_found');
    }
  });
});
