import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';

/**
 * An install without the exchange rate a wallet needs cannot price sends: the customer gets 503
 * pricing_unavailable (not their fault), the operator is told at start and in /health/ready.
 */
describe(`Pricing readiness on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  const log: string[] = [];


  before(async () => {
    // New accounts get EUR wallets; the demo's sample rates only go from USD into route currencies.
    api = await startTestServer({ DEFAULT_WALLET_CURRENCY: 'EUR' }, { log: (line) => log.push(line) });
  });
  after(() => api.stop());

  it('says at start which route currencies cannot be charged to which wallet currency', () => {
    const warning = log.map((line) => JSON.parse(line)).find((entry) => String(entry.msg).startsWith('exchange rates missing'));
    expect(warning?.missing).to.include('KES->EUR (1 routes)');
  });

  it('answers a send that cannot be priced with 503 pricing_unavailable naming the missing rate, charging nothing', async () => {
    const account = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'euro@example.com' } }), 201);
    const key = ok(await api.request('POST', `/api/admin/accounts/${account.id}/keys`, { key: ADMIN_KEY, body: { environment: 'live' } }), 201).key;
    ok(await api.request('POST', `/api/admin/balances/${account.id}/credit`, { key: ADMIN_KEY, body: { amount: 10, reason: 'fx', reference: 'fx-1' } }));
    const res = await api.request('POST', '/api/messages/send', { key, body: { to: '+254712345678', text: 'Habari' } });
    expect(res.status, res.text).to.equal(503);
    expect(res.body.error).to.include({ code: 'pricing_unavailable', from: 'KES', to: 'EUR' });
    expect(ok(await api.request('GET', '/api/balance', { key })).balance).to.equal(10);
  });

  it('lists the gaps in GET /health/ready for the operator, and clears them once the rate is set', async () => {
    const ready = ok(await api.request('GET', '/health/ready'));
    expect(ready.pricing.status).to.equal('degraded');
    expect(ready.pricing.missing_fx_rates).to.deep.include({ from: 'KES', to: 'EUR', routes: ['SVC_KE'] });
    ok(await api.request('POST', '/api/admin/fx-rates', { key: ADMIN_KEY, body: { from: 'EUR', to: 'USD', rate: '1.08' } }), 201);
    const after = ok(await api.request('GET', '/health/ready'));
    expect(after).to.deep.include({ status: 'ok', pricing: { status: 'up', missing_fx_rates: [] } });
  });
});
