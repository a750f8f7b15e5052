import { expect } from 'chai';
import { toCoverage, toPricing, toRouteView, toSenderIdFeesView } from '@tuma/koa-adapter';
import { AFRICAN_MARKETS, SAMPLE_ROUTES } from '@tuma/messaging';
import { jsonLogger, loadConfig, TumaServer } from '@tuma/server';
import { databaseKind, testDatabase } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

const jsonType = (value: unknown): JsonType =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as 'string' | 'number' | 'boolean' | 'object');

/** Exactly these fields, in this order, each of one of the given JSON types. */
function expectShape(entry: Record<string, unknown>, shape: Record<string, JsonType | readonly JsonType[]>, label = ''): void {
  expect(Object.keys(entry), label).to.deep.equal(Object.keys(shape));
  for (const [field, types] of Object.entries(shape)) {
    expect(typeof types === 'string' ? [types] : types, `${label} ${field}`).to.include(jsonType(entry[field]));
  }
}

const ROUTE_SHAPE = {
  code: 'string',
  name: 'string',
  country_code: 'string',
  country_name: 'string',
  currency: 'string',
  price_per_segment: 'number',
  sender_id_default: 'string',
  is_active: 'boolean',
} as const;

const PRICING_SHAPE = {
  route_code: 'string',
  country_code: 'string',
  country_name: 'string',
  currency: 'string',
  price_per_segment: 'number',
  sender_id: 'string',
} as const;

const COVERAGE_HEAD = { country_code: 'string', country_name: 'string', networks: 'array', currency: 'string', supported: 'boolean' } as const;
const COVERAGE_ROUTE = { route_code: 'string', price_per_segment: 'number', price_currency: 'string' } as const;
const COVERAGE_TAIL = {
  sender_id_registration: 'boolean',
  sender_id_free: 'boolean',
  regulator: 'string',
  promo_note: ['string', 'null'],
  rules: 'array',
  otp_available: 'boolean',
  two_way: 'boolean',
} as const;

const FEE_SHAPE = {
  country_code: 'string',
  country_name: 'string',
  fee_usd: ['number', 'null'],
  fee_type: 'string',
  covers: ['string', 'null'],
  fee_table: ['array', 'null'],
  note: ['string', 'null'],
} as const;

const ACTIVE_ROUTES = SAMPLE_ROUTES.filter((route) => route.isActive).length;

describe(`HTTP catalogue on ${databaseKind()}`, () => {
  let api: TestServer;
  let liveKey: string;
  let testKey: string;

  before(async () => {
    api = await startTestServer();
    liveKey = api.started.demo!.liveKey;
    testKey = api.started.demo!.testKey;
  });
  after(async () => api.stop());

  const patchRoute = (code: string, body: unknown, key = ADMIN_KEY) => api.request('PATCH', `/api/admin/routes/${code}`, { key, body });
  const route = async (code: string) => (await api.request('GET', `/api/routes/${code}`, { key: liveKey })).body;

  describe('customer reads, as seeded at the first start', () => {
    it('lists every route with the spec fields and JSON types: the built-in data, 54 routes', async () => {
      const res = await api.request('GET', '/api/routes', { key: liveKey });
      expect(res.status).to.equal(200);
      expect(res.body).to.be.an('array').with.length(54);
      for (const entry of res.body) expectShape(entry, ROUTE_SHAPE, entry.code);
      expect(res.body).to.deep.equal(SAMPLE_ROUTES.map(toRouteView));
      expect(res.body.find((r: { code: string }) => r.code === 'SVC_ZW')).to.deep.include({ currency: 'USD', price_per_segment: 0.04 });
    });

    it('gets one route by code in any case, and 404 as JSON for an unknown code', async () => {
      const res = await api.request('GET', '/api/routes/svc_ke', { key: testKey });
      expect(res.status).to.equal(200);
      expectShape(res.body, ROUTE_SHAPE);
      expect(res.body).to.deep.equal({
        code: 'SVC_KE',
        name: 'Kenya Direct',
        country_code: 'KE',
        country_name: 'Kenya',
        currency: 'KES',
        price_per_segment: 0.8,
        sender_id_default: 'Tuma',
        is_active: true,
      });
      expect((await api.request('GET', '/api/routes/SVC_ER', { key: liveKey })).body.is_active).to.equal(false);

      const missing = await api.request('GET', '/api/routes/SVC_XX', { key: liveKey });
      expect(missing.status).to.equal(404);
      expect(missing.headers.get('content-type')).to.contain('application/json');
      expect(missing.body.error).to.deep.include({ code: 'not_found', resource: 'route', id: 'SVC_XX' });
    });

    it('prices every active route with the spec fields and JSON types', async () => {
      const res = await api.request('GET', '/api/pricing', { key: liveKey });
      expect(res.status).to.equal(200);
      expect(res.body).to.have.length(ACTIVE_ROUTES);
      for (const entry of res.body) expectShape(entry, PRICING_SHAPE, entry.route_code);
      expect(res.body).to.deep.equal(toPricing(SAMPLE_ROUTES));
      expect(res.body.find((p: { route_code: string }) => p.route_code === 'SVC_KE')).to.deep.equal({
        route_code: 'SVC_KE',
        country_code: 'KE',
        country_name: 'Kenya',
        currency: 'KES',
        price_per_segment: 0.8,
        sender_id: 'Tuma',
      });
    });

    it('covers the 54 markets: supported ones carry route fields, the others none', async () => {
      const res = await api.request('GET', '/api/countries', { key: liveKey });
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body)).to.deep.equal(['total', 'supported', 'countries']);
      expect(res.body.total).to.equal(54);
      expect(res.body.supported).to.equal(ACTIVE_ROUTES);
      expect(res.body.countries).to.have.length(54);
      const supported = res.body.countries.filter((c: { supported: boolean }) => c.supported);
      expect(supported).to.have.length(res.body.supported);
      for (const entry of res.body.countries) {
        const shape = entry.supported ? { ...COVERAGE_HEAD, ...COVERAGE_ROUTE, ...COVERAGE_TAIL } : { ...COVERAGE_HEAD, ...COVERAGE_TAIL };
        expectShape(entry, shape, entry.country_code);
        for (const list of [entry.networks, entry.rules]) for (const item of list) expect(item).to.be.a('string');
      }
      expect(res.body).to.deep.equal(toCoverage(AFRICAN_MARKETS, SAMPLE_ROUTES));
      const eritrea = res.body.countries.find((c: { country_code: string }) => c.country_code === 'ER');
      expect(eritrea).to.include({ supported: false, otp_available: false, two_way: false });
      expect(eritrea).to.not.have.any.keys('route_code', 'price_per_segment', 'price_currency');
    });

    it('answers 401 without a key, and accepts a customer key holding any one scope (not the operator key)', async () => {
      for (const path of ['/api/routes', '/api/routes/SVC_KE', '/api/pricing', '/api/countries']) {
        const res = await api.request('GET', path);
        expect(res.status, path).to.equal(401);
        expect(res.body.error.code).to.equal('unauthorized');
        expect((await api.request('GET', path, { key: ADMIN_KEY })).status, path).to.equal(403);
      }
      const account = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'twoway@example.com' } });
      const key = await api.request('POST', `/api/admin/accounts/${account.body.id}/keys`, {
        key: ADMIN_KEY,
        body: { environment: 'live', scopes: ['two_way'] },
      });
      expect(key.status).to.equal(201);
      expect((await api.request('GET', '/api/routes', { key: key.body.key })).status).to.equal(200);
    });
  });

  describe('sender-ID fees', () => {
    it('are public and cacheable for 5 minutes, with the spec fields and JSON types', async () => {
      const res = await api.request('GET', '/api/sender-ids/fees');
      expect(res.status).to.equal(200);
      expect(res.headers.get('cache-control')).to.equal('public, max-age=300');
      expect(Object.keys(res.body)).to.deep.equal(['currency', 'countries']);
      expect(res.body.currency).to.equal('USD');
      expect(res.body.countries).to.have.length(54);
      for (const entry of res.body.countries) expectShape(entry, FEE_SHAPE, entry.country_code);
      expect(res.body).to.deep.equal(toSenderIdFeesView());

      const byCountry = new Map(res.body.countries.map((c: { country_code: string }) => [c.country_code, c]));
      for (const code of ['CM', 'DJ', 'EG', 'GH', 'SO', 'TZ']) {
        expect(byCountry.get(code), code).to.deep.include({ fee_usd: 150, fee_type: 'one_time', covers: 'all_networks', fee_table: null });
      }
      const kenya = byCountry.get('KE') as { fee_type: string; fee_usd: null; fee_table: unknown[][] };
      expect(kenya).to.deep.include({ fee_type: 'per_network', fee_usd: null, covers: null });
      for (const row of kenya.fee_table) expect(row.map(jsonType)).to.deep.equal(['string', 'number', 'number']);
      expect(byCountry.get('NG')).to.deep.include({ fee_type: 'on_request', fee_usd: null, covers: null, fee_table: null });
    });
  });

  describe('operator route changes', () => {
    it('changes a price (number or decimal string), visible at once in routes and pricing, also under /v1', async () => {
      const res = await patchRoute('SVC_KE', { price_per_segment: 0.85 });
      expect(res.status).to.equal(200);
      expectShape(res.body, ROUTE_SHAPE);
      expect(res.body).to.include({ code: 'SVC_KE', currency: 'KES', price_per_segment: 0.85, is_active: true });
      expect(await route('SVC_KE')).to.deep.equal(res.body);
      const pricing = (await api.request('GET', '/api/pricing', { key: liveKey })).body;
      expect(pricing.find((p: { route_code: string }) => p.route_code === 'SVC_KE')).to.include({ price_per_segment: 0.85, currency: 'KES' });

      const mirrored = await api.request('PATCH', '/v1/admin/routes/svc_ke', { key: ADMIN_KEY, body: { price_per_segment: '0.875' } });
      expect(mirrored.status).to.equal(200);
      expect((await route('SVC_KE')).price_per_segment).to.equal(0.875);
      const countries = (await api.request('GET', '/api/countries', { key: liveKey })).body.countries;
      expect(countries.find((c: { country_code: string }) => c.country_code === 'KE')).to.include({ price_per_segment: 0.875, price_currency: 'KES' });
    });

    it('moves a route to another currency only with a new price', async () => {
      const alone = await patchRoute('SVC_NG', { currency: 'USD' });
      expect(alone.status).to.equal(422);
      expect(alone.body.error.details.map((d: { path: string }) => d.path)).to.deep.equal(['currency']);

      const moved = await patchRoute('SVC_NG', { price_per_segment: '0.0041', currency: 'usd' });
      expect(moved.status).to.equal(200);
      expect(moved.body).to.include({ currency: 'USD', price_per_segment: 0.0041 });
      const nigeria = (await api.request('GET', '/api/countries', { key: liveKey })).body.countries.find(
        (c: { country_code: string }) => c.country_code === 'NG',
      );
      expect(nigeria).to.include({ currency: 'NGN', price_currency: 'USD', price_per_segment: 0.0041 });
    });

    it('deactivating a route makes its country unsupported; reactivating restores it', async () => {
      const off = await patchRoute('SVC_GH', { is_active: false, sender_id_default: 'GhanaSMS', name: 'Ghana Direct 2' });
      expect(off.status).to.equal(200);
      expect(off.body).to.include({ is_active: false, sender_id_default: 'GhanaSMS', name: 'Ghana Direct 2' });
      const coverage = (await api.request('GET', '/api/countries', { key: liveKey })).body;
      expect(coverage.supported).to.equal(ACTIVE_ROUTES - 1);
      const ghana = coverage.countries.find((c: { country_code: string }) => c.country_code === 'GH');
      expect(ghana).to.include({ supported: false, otp_available: false, two_way: false });
      expect(ghana).to.not.have.any.keys('route_code', 'price_per_segment', 'price_currency');
      const pricing = (await api.request('GET', '/api/pricing', { key: liveKey })).body;
      expect(pricing.map((p: { route_code: string }) => p.route_code)).to.not.include('SVC_GH');
      expect((await route('SVC_GH')).is_active).to.equal(false);

      expect((await patchRoute('SVC_GH', { is_active: true })).status).to.equal(200);
      expect((await api.request('GET', '/api/countries', { key: liveKey })).body.supported).to.equal(ACTIVE_ROUTES);
    });

    it('answers 422 naming each bad field: negative price, too many decimals, unknown currency, unknown field', async () => {
      const detailsOf = async (body: unknown) => {
        const res = await patchRoute('SVC_UG', body);
        expect(res.status, JSON.stringify(body)).to.equal(422);
        expect(res.body.error.code).to.equal('validation_error');
        return res.body.error.details as { path: string; message: string; in: string }[];
      };
      expect(await detailsOf({ price_per_segment: -1 })).to.deep.equal([{ path: 'price_per_segment', message: 'Must be greater than 0', in: 'body' }]);
      expect(await detailsOf({ price_per_segment: 0 })).to.have.length(1);
      expect((await detailsOf({ price_per_segment: '0.1234567' }))[0]).to.include({ path: 'price_per_segment', in: 'body' });
      expect((await detailsOf({ price_per_segment: 0.0000001 }))[0]!.path).to.equal('price_per_segment');
      expect((await detailsOf({ price_per_segment: 'cheap' }))[0]!.path).to.equal('price_per_segment');
      expect((await detailsOf({ price_per_segment: 1, currency: 'XYZ' })).map((d) => d.path)).to.deep.equal(['currency']);
      expect(await detailsOf({ is_active: false, colour: 'red' })).to.deep.equal([{ path: 'colour', message: 'Unknown field', in: 'body' }]);
      expect((await detailsOf({ price_per_segment: -2, currency: 'XYZ', name: ' ' })).map((d) => d.path)).to.have.members([
        'price_per_segment',
        'currency',
        'name',
      ]);
      expect((await detailsOf({ sender_id_default: 'TwelveLetter', is_active: 'yes' })).map((d) => d.path)).to.have.members([
        'sender_id_default',
        'is_active',
      ]);
      expect((await detailsOf({}))[0]!.message).to.contain('Nothing to change');
      expect((await route('SVC_UG')).price_per_segment).to.equal(30);
    });

    it('answers 404 for an unknown route and 403 to a customer key', async () => {
      const missing = await patchRoute('SVC_XX', { is_active: true });
      expect(missing.status).to.equal(404);
      expect(missing.body.error.code).to.equal('not_found');
      const customer = await patchRoute('SVC_KE', { price_per_segment: 0.01 }, liveKey);
      expect(customer.status).to.equal(403);
      expect(customer.body.error).to.deep.include({ code: 'insufficient_scope', required: ['admin'] });
      expect((await route('SVC_KE')).price_per_segment).to.not.equal(0.01);
      expect((await api.request('PATCH', '/api/admin/routes/SVC_KE', { body: { is_active: false } })).status).to.equal(401);
    });
  });

  describe('seeding at start', () => {
    it('is idempotent: a restart keeps the operator edits and the catalogue as it was', async () => {
      expect((await patchRoute('SVC_TZ', { price_per_segment: 27.5, is_active: false })).status).to.equal(200);
      const before = (await api.request('GET', '/api/routes', { key: liveKey })).body;

      const restarted = new TumaServer(
        loadConfig({ PORT: '0', HOST: '127.0.0.1', ADMIN_API_KEY: ADMIN_KEY, TUMA_SEED_DEMO: 'true', JOB_POLLING_SECONDS: '0.5' }),
        jsonLogger('silent'),
        { database: await testDatabase() },
      );
      const started = await restarted.start();
      try {
        const res = await fetch(`http://127.0.0.1:${started.port}/api/routes`, { headers: { Authorization: `Bearer ${liveKey}` } });
        const after = (await res.json()) as { code: string; price_per_segment: number; is_active: boolean }[];
        expect(after).to.deep.equal(before);
        expect(after.find((r) => r.code === 'SVC_TZ')).to.include({ price_per_segment: 27.5, is_active: false });
        expect(after).to.have.length(54);
      } finally {
        await restarted.stop();
      }
    });
  });
});
