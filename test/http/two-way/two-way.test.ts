import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';
import { until } from '../../support/until.ts';

const DAY_MS = 86_400_000;
const PRICING_FIELDS = [
  'country_code', 'country_name', 'setup_fee_usd', 'monthly_fee_usd', 'shared_keyword_monthly_fee_usd', 'sms_basic_price_usd', 'price_source',
  'inbound_price_usd', 'outbound_price_usd', 'toll_free_available', 'toll_free_inbound_price_usd', 'networks', 'is_available',
];
const SERVICE_FIELDS = [
  'id', 'status', 'country_code', 'type', 'keyword', 'toll_free', 'number', 'use_case', 'company_name', 'webhook_url', 'auto_reply_enabled', 'auto_reply_text',
  'forward_email', 'setup_fee_usd', 'monthly_fee_usd', 'inbound_price_usd', 'outbound_price_usd', 'next_billing_at', 'created_at',
];
const KYC = ['https://docs.example.com/kyc/registration.pdf'];

/**
 * Two-Way SMS over HTTP (issue 16): pricing, services and their scopes, the operator's review,
 * approval charges, renewals by moving the clock, cancel releasing a keyword. The clock starts
 * before the machine's, so the hourly sweep's slots are all due: it runs at every poll and a
 * moved clock is seen within a second.
 */
describe(`HTTP two-way SMS on ${databaseKind()}`, function () {
  this.timeout(60_000);
  const clock = new FakeClock('2026-03-01T08:00:00.000Z');
  let api: TestServer;
  let owner: { id: string; key: string };

  const admin = (method: string, path: string, body?: unknown) => api.request(method, path, { key: ADMIN_KEY, body });
  const as = (key: string) => ({
    get: (path: string) => api.request('GET', path, { key }),
    post: (path: string, body?: unknown) => api.request('POST', path, { key, body }),
    patch: (path: string, body: unknown) => api.request('PATCH', path, { key, body }),
  });
  const balance = async (key: string) => ok(await api.request('GET', '/api/balance', { key })).balance as number;
  const fees = async (key: string) => (ok(await api.request('GET', '/api/balance/transactions?limit=100', { key })).transactions as { kind: string; amount: number }[]).filter((t) => t.kind === 'fee');

  /** An account with a USD wallet holding `usd`, and a live key of these scopes. */
  async function customer(email: string, usd: number, scopes = ['two_way', 'send', 'query']): Promise<{ id: string; key: string }> {
    const account = ok(await admin('POST', '/api/admin/accounts', { email, wallet_currency: 'USD' }), 201);
    const key = ok(await admin('POST', `/api/admin/accounts/${account.id}/keys`, { environment: 'live', scopes }), 201);
    if (usd > 0) ok(await admin('POST', `/api/admin/balances/${account.id}/credit`, { amount: usd, reason: 'two-way suite', reference: `two-way:${email}` }));
    return { id: account.id, key: key.key };
  }
  const requestBody = (changes: Record<string, unknown> = {}) => ({ country_code: 'UG', type: 'dedicated', use_case: 'Customer care', company_name: 'Acme Uganda', kyc_document_urls: KYC, ...changes });

  before(async () => {
    api = await startTestServer({ HOSTED_CHECKOUT_SECRET: 'hosted-checkout-secret-for-the-two-way-suite' }, { clock });
    ok(await admin('POST', '/api/admin/fx-rates', { from: 'USD', to: 'UGX', rate: '3700' }), 201);
    ok(await admin('POST', '/api/admin/two-way/short-codes', { number: '6000', country_code: 'UG', kind: 'shared' }), 201);
    ok(await admin('POST', '/api/admin/two-way/short-codes', { number: '6100', country_code: 'UG', kind: 'dedicated' }), 201);
    owner = await customer('two-way-owner@example.com', 2000);
  });
  after(async () => api?.stop());

  it('prices all 54 markets publicly with the spec fields, cacheable for 5 minutes, and takes the operator edits', async () => {
    const res = await api.request('GET', '/v1/two-way/pricing');
    expect(res.headers.get('cache-control')).to.equal('public, max-age=300');
    const pricing = ok(res);
    expect(pricing.currency).to.equal('USD');
    expect(pricing.countries).to.have.length(54);
    for (const entry of pricing.countries) expect(Object.keys(entry)).to.deep.equal(PRICING_FIELDS);
    const ug = pricing.countries.find((c: { country_code: string }) => c.country_code === 'UG');
    expect(ug).to.deep.include({ setup_fee_usd: 500, monthly_fee_usd: 300, shared_keyword_monthly_fee_usd: 40, sms_basic_price_usd: 0.008108, price_source: 'basic', is_available: true });
    const cf = pricing.countries.find((c: { country_code: string }) => c.country_code === 'CF');
    expect(cf, 'no active route: no basic rate').to.deep.include({ sms_basic_price_usd: null, inbound_price_usd: null, outbound_price_usd: null, is_available: false });

    const edited = ok(await admin('PUT', '/api/admin/two-way/pricing/cf', { offered: true, setup_fee_usd: '450.5', monthly_fee_usd: 250, shared_keyword_monthly_fee_usd: 35, custom_sms_price_usd: '0.012', toll_free_available: true }));
    expect(edited).to.deep.include({ country_code: 'CF', sms_basic_price_usd: null, setup_fee_usd: 450.5, price_source: 'custom', inbound_price_usd: 0.012, outbound_price_usd: 0.012, toll_free_inbound_price_usd: null, is_available: true });
    const bad = await admin('PUT', '/api/admin/two-way/pricing/KE', { offered: true, setup_fee_usd: '-1', monthly_fee_usd: 1, shared_keyword_monthly_fee_usd: 1, toll_free_available: false });
    refused(bad, 422, 'validation_error');
    expect(JSON.stringify(bad.body.error.details)).to.contain('setup_fee_usd');
    refused(await admin('PUT', '/api/admin/two-way/pricing/ZZ', { offered: true, setup_fee_usd: 1, monthly_fee_usd: 1, shared_keyword_monthly_fee_usd: 1, toll_free_available: false }), 404, 'not_found');
  });

  it('needs the two_way scope to request, change or cancel (403 insufficient_scope); reads take query too', async () => {
    const defaultKey = api.started.demo!.liveKey;
    refused(await as(defaultKey).post('/api/two-way/services', requestBody()), 403, 'insufficient_scope');
    expect(ok(await as(defaultKey).get('/api/two-way/services'))).to.deep.equal({ services: [] });
    refused(await as(defaultKey).patch('/api/two-way/services/1', { auto_reply_enabled: false }), 403, 'insufficient_scope');
    refused(await as(defaultKey).post('/api/two-way/services/1/cancel'), 403, 'insufficient_scope');
    refused(await api.request('GET', '/api/two-way/services'), 401, 'unauthorized');
  });

  it('requests a pending service with number null and nothing charged, naming every bad field', async () => {
    const before = await balance(owner.key);
    const service = ok(await as(owner.key).post('/v1/two-way/services', requestBody({ type: 'shared', keyword: 'pizza', webhook_url: null })), 201);
    expect(Object.keys(service)).to.deep.equal(SERVICE_FIELDS);
    expect(service).to.deep.include({ status: 'pending', number: null, keyword: 'PIZZA', type: 'shared', setup_fee_usd: 0, monthly_fee_usd: 40, inbound_price_usd: 0.008108, next_billing_at: null });
    expect(await balance(owner.key)).to.equal(before);

    const bad = await as(owner.key).post('/api/two-way/services', requestBody({ country_code: 'ZZ', type: 'shared', keyword: 'two words', kyc_document_urls: ['http://insecure.example/kyc.pdf'], company_name: ' ' }));
    refused(bad, 422, 'validation_error');
    const paths = (bad.body.error.details as { path: string }[]).map((d) => d.path);
    expect(paths).to.include.members(['country_code', 'keyword', 'kyc_document_urls.0', 'company_name']);
    const unknownField = await as(owner.key).post('/api/two-way/services', { ...requestBody(), number: '6100' });
    refused(unknownField, 422, 'validation_error');
    expect(JSON.stringify(unknownField.body.error.details)).to.contain('number');

    refused(await as(owner.key).post('/api/two-way/services', requestBody({ type: 'shared', keyword: 'PiZzA' })), 409, 'keyword_taken');
    expect(ok(await as(owner.key).get('/api/two-way/keywords/check?keyword=Pizza&country_code=ug'))).to.deep.equal({ keyword: 'PIZZA', country_code: 'UG', available: false, reason: 'taken' });
    expect(ok(await as(owner.key).get('/api/two-way/keywords/check?keyword=STOP&country_code=UG'))).to.deep.include({ available: false, reason: 'reserved' });
  });

  it("hides other accounts' services (404) and changes only the spec's fields", async () => {
    const other = await customer('two-way-other@example.com', 0);
    const [mine] = ok(await as(owner.key).get('/api/two-way/services')).services;
    refused(await as(other.key).get(`/api/two-way/services/${mine.id}`), 404, 'not_found');
    refused(await as(other.key).patch(`/api/two-way/services/${mine.id}`, { auto_reply_enabled: false }), 404, 'not_found');
    refused(await as(other.key).post(`/api/two-way/services/${mine.id}/cancel`), 404, 'not_found');
    const changed = ok(await as(owner.key).patch(`/api/two-way/services/${mine.id}`, { auto_reply_enabled: true, auto_reply_text: 'Thanks, we got it', forward_email: 'ops@acme.example' }));
    expect(changed).to.deep.include({ auto_reply_enabled: true, auto_reply_text: 'Thanks, we got it', forward_email: 'ops@acme.example' });
    refused(await as(owner.key).patch(`/api/two-way/services/${mine.id}`, { keyword: 'OTHER' }), 422, 'validation_error');
    const privateHook = await as(owner.key).patch(`/api/two-way/services/${mine.id}`, { webhook_url: 'https://127.0.0.1/hook' });
    refused(privateHook, 422, 'validation_error');
    expect(privateHook.body.error.details[0].path).to.equal('webhook_url');
  });

  it('approval debits the setup fee and first month as one exact fee entry and assigns the code; 402 leaves it pending; reject charges nothing', async () => {
    const dedicated = ok(await as(owner.key).post('/api/two-way/services', requestBody()), 201);
    const pending = ok(await admin('GET', '/api/admin/two-way/services?status=pending'));
    expect(pending.services.map((s: { id: number }) => s.id)).to.include(dedicated.id);
    const before = await balance(owner.key);
    const approved = ok(await admin('POST', `/v1/admin/two-way/services/${dedicated.id}/approve`, {}));
    expect(approved.service).to.deep.include({ status: 'active', number: '6100', periods_paid: 1 });
    expect(approved.charge).to.deep.include({ amount: 800, currency: 'USD', balance_after: before - 800 });
    expect(await balance(owner.key)).to.equal(before - 800);
    expect((await fees(owner.key)).map((f) => f.amount)).to.deep.equal([-800]);
    expect(ok(await as(owner.key).get(`/api/two-way/services/${dedicated.id}`)).next_billing_at).to.equal(new Date(clock.now().getTime() + 30 * DAY_MS).toISOString());
    refused(await admin('POST', `/api/admin/two-way/services/${dedicated.id}/approve`, {}), 409, 'service_state_conflict');

    const poor = await customer('two-way-poor@example.com', 10);
    const unpaid = ok(await as(poor.key).post('/api/two-way/services', requestBody({ type: 'shared', keyword: 'CHEAP' })), 201);
    refused(await admin('POST', `/api/admin/two-way/services/${unpaid.id}/approve`, {}), 402, 'insufficient_balance');
    expect(ok(await as(poor.key).get(`/api/two-way/services/${unpaid.id}`))).to.deep.include({ status: 'pending', number: null });
    expect(await balance(poor.key)).to.equal(10);
    const rejected = ok(await admin('POST', `/api/admin/two-way/services/${unpaid.id}/reject`, { reason: 'KYC documents unreadable' }));
    expect(rejected).to.deep.include({ status: 'rejected', rejection_reason: 'KYC documents unreadable' });
    expect(await fees(poor.key)).to.deep.equal([]);
    expect(ok(await as(poor.key).get('/api/two-way/keywords/check?keyword=cheap&country_code=UG'))).to.deep.include({ available: true, reason: null });
  });

  it('charges every 30 days, goes past due then suspended when unpaid, and a paid retry restores it (clock moved)', async () => {
    const tight = await customer('two-way-tight@example.com', 45);
    const service = ok(await as(tight.key).post('/api/two-way/services', requestBody({ type: 'shared', keyword: 'TIGHT' })), 201);
    ok(await admin('POST', `/api/admin/two-way/services/${service.id}/approve`, {}));
    expect(await balance(tight.key)).to.equal(5);
    const statusOf = async () => ok(await as(tight.key).get(`/api/two-way/services/${service.id}`)).status as string;
    clock.advance(30 * DAY_MS);
    await until('past due', statusOf, (status) => status === 'past_due');
    clock.advance(7 * DAY_MS);
    await until('suspended after 7 days unpaid', statusOf, (status) => status === 'suspended');
    ok(await admin('POST', `/api/admin/balances/${tight.id}/credit`, { amount: 100, reason: 'top-up', reference: 'two-way:tight:top-up' }));
    clock.advance(DAY_MS);
    await until('active again once the daily retry pays', statusOf, (status) => status === 'active');
    expect((await fees(tight.key)).map((f) => f.amount)).to.deep.equal([-40, -40]);
    expect(await balance(tight.key)).to.equal(65);
  });

  it('a completed top-up restores a past-due service at once, without waiting for the daily retry', async () => {
    const late = await customer('two-way-late@example.com', 40);
    const service = ok(await as(late.key).post('/api/two-way/services', requestBody({ type: 'shared', keyword: 'LATE' })), 201);
    ok(await admin('POST', `/api/admin/two-way/services/${service.id}/approve`, {}));
    const statusOf = async () => ok(await as(late.key).get(`/api/two-way/services/${service.id}`)).status as string;
    clock.advance(30 * DAY_MS);
    await until('past due', statusOf, (status) => status === 'past_due');
    const topUp = ok(await as(late.key).post('/api/balance/topup', { amount: 50 }));
    const confirmed = await fetch(`${api.baseUrl}${new URL(topUp.checkout_url).pathname}/confirm`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(confirmed.status).to.equal(303);
    expect(await statusOf(), 'paid by the top-up itself').to.equal('active');
    expect((await fees(late.key)).map((f) => f.amount)).to.deep.equal([-40, -40]);
    expect(await balance(late.key)).to.equal(10);
  });

  it('operator suspension and its lifting; cancel releases the keyword at once', async () => {
    const [shared] = ok(await as(owner.key).get('/api/two-way/services')).services.filter((s: { keyword: string | null }) => s.keyword === 'PIZZA');
    ok(await admin('POST', `/api/admin/two-way/services/${shared.id}/approve`, {}));
    expect(ok(await admin('POST', `/api/admin/two-way/services/${shared.id}/suspend`)).status).to.equal('suspended');
    expect(ok(await admin('POST', `/api/admin/two-way/services/${shared.id}/unsuspend`)).status).to.equal('active');
    refused(await admin('POST', `/api/admin/two-way/services/${shared.id}/unsuspend`), 409, 'service_state_conflict');
    const cancelled = ok(await as(owner.key).post(`/api/two-way/services/${shared.id}/cancel`));
    expect(cancelled).to.deep.include({ status: 'cancelled', next_billing_at: null });
    expect(ok(await as(owner.key).get('/v1/two-way/keywords/check?keyword=PIZZA&country_code=UG'))).to.deep.include({ available: true, reason: null });
    refused(await as(owner.key).post(`/api/two-way/services/${shared.id}/cancel`), 409, 'service_state_conflict');
  });
});
