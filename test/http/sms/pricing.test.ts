import { expect } from 'chai';
import { SAMPLE_RATES_SETTER } from '@tuma/billing';
import { SAMPLE_ROUTES } from '@tuma/messaging';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

const KE = '+254712123456';
const NG = '+2348021234567';
const FR = '+33612345678'; // valid, but France has no route
const CF = '+23670012345'; // Central African Republic: inactive sample route

const VALIDATION_KEYS = ['input', 'e164', 'valid', 'possible', 'country', 'type', 'carrier', 'location', 'national', 'reason'];
const QUOTE_KEYS = [
  'encoding',
  'segments',
  'characters',
  'units',
  'over_segment_cap',
  'max_segments',
  'wallet_currency',
  'wallet_balance',
  'recipients',
  'routable_count',
  'unroutable',
  'total_cost',
  'affordable',
  // beyond the spec's list (docs/pricing.md):
  'gsm7_alternative',
  'smart_encoded_text',
];
const RECIPIENT_KEYS = [
  'to',
  'country',
  'route',
  'routable',
  'segments',
  'encoding',
  'price_per_segment',
  'route_currency',
  'cost_route',
  'cost_wallet',
  // beyond the spec's list (docs/pricing.md):
  'fx_rate',
  'reason',
];

describe(`HTTP pricing: FX rates, number validation and quotes on ${databaseKind()}`, () => {
  let api: TestServer;
  let liveKey: string;
  let testKey: string;
  let webhooksOnlyKey: string;

  /** Opens an account with the wallet currency and issues it a live key with the scopes. */
  async function customerKey(email: string, walletCurrency: string, scopes?: string[]): Promise<string> {
    const account = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email, wallet_currency: walletCurrency } });
    expect(account.status).to.equal(201);
    const key = await api.request('POST', `/api/admin/accounts/${account.body.id}/keys`, {
      key: ADMIN_KEY,
      body: { environment: 'live', ...(scopes ? { scopes } : {}) },
    });
    expect(key.status).to.equal(201);
    return key.body.key;
  }

  const setRate = async (from: string, to: string, rate: string | number) => {
    const res = await api.request('POST', '/api/admin/fx-rates', { key: ADMIN_KEY, body: { from, to, rate } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res;
  };

  const quote = (body: unknown, key = liveKey, path = '/api/messages/rate') => api.request('POST', path, { key, body });

  before(async () => {
    api = await startTestServer();
    liveKey = api.started.demo!.liveKey;
    testKey = api.started.demo!.testKey;
    webhooksOnlyKey = await customerKey('hooks@example.com', 'USD', ['webhooks']);
  });
  after(async () => api.stop());

  describe('admin FX rates', () => {
    it('a demo install starts with SAMPLE rates from USD into every active route currency, marked as sample data', async () => {
      const res = await api.request('GET', '/api/admin/fx-rates', { key: ADMIN_KEY });
      expect(res.status).to.equal(200);
      const rates = res.body.rates as { from: string; to: string; rate: string; updated_by: string }[];
      const expected = [...new Set(SAMPLE_ROUTES.filter((r) => r.isActive && r.currency !== 'USD').map((r) => r.currency as string))].sort();
      expect(rates.map((r) => r.to).sort()).to.deep.equal(expected);
      for (const rate of rates) expect(rate).to.include({ from: 'USD', updated_by: SAMPLE_RATES_SETTER });
      // The newcomer path: the demo account's USD wallet gets priced quotes at once.
      const demo = await quote({ to: ['+233231234567', KE], text: 'Hi' });
      expect(demo.body).to.include({ wallet_currency: 'USD', routable_count: 2 });
      expect(demo.body.recipients.map((r: { reason: string | null }) => r.reason)).to.deep.equal([null, null]);
      expect(demo.body.total_cost).to.be.greaterThan(0);
    });

    it('sets a rate (201) from a decimal string or a number, replaces it, and lists it under /api and /v1', async () => {
      const set = await setRate('usd', 'kes', '129.50');
      expect(Object.keys(set.body).sort()).to.deep.equal(['from', 'rate', 'to', 'updated_at', 'updated_by']);
      expect(set.body).to.include({ from: 'USD', to: 'KES', rate: '129.5' });
      expect(set.body.updated_by).to.match(/^key:/);
      expect(new Date(set.body.updated_at).toISOString()).to.equal(set.body.updated_at);
      const v1 = await api.request('POST', '/v1/admin/fx-rates', { key: ADMIN_KEY, body: { from: 'USD', to: 'NGN', rate: 1600 } });
      expect(v1.status).to.equal(201);
      expect(v1.body.rate).to.equal('1600');
      const precise = await setRate('GHS', 'KES', '11.123456789012');
      expect(precise.body.rate).to.equal('11.123456789012');

      for (const path of ['/api/admin/fx-rates', '/v1/admin/fx-rates']) {
        const listed = await api.request('GET', path, { key: ADMIN_KEY });
        expect(listed.status).to.equal(200);
        const byPair = new Map((listed.body.rates as { from: string; to: string; rate: string }[]).map((r) => [`${r.from}->${r.to}`, r.rate]));
        expect(byPair.get('USD->KES')).to.equal('129.5');
        expect(byPair.get('USD->NGN')).to.equal('1600');
        expect(byPair.get('GHS->KES')).to.equal('11.123456789012');
        const order = (listed.body.rates as { from: string; to: string }[]).map((r) => `${r.from}${r.to}`);
        expect(order).to.deep.equal([...order].sort());
      }
    });

    it('answers 422 naming the field for zero, negative, over-precise or malformed rates and unknown or equal currencies', async () => {
      const cases: [unknown, string][] = [
        [{ from: 'USD', to: 'KES', rate: 0 }, 'rate'],
        [{ from: 'USD', to: 'KES', rate: '0' }, 'rate'],
        [{ from: 'USD', to: 'KES', rate: -3 }, 'rate'],
        [{ from: 'USD', to: 'KES', rate: '-129.5' }, 'rate'],
        [{ from: 'USD', to: 'KES', rate: '1.0000000000001' }, 'rate'],
        [{ from: 'USD', to: 'KES', rate: 1e-13 }, 'rate'],
        [{ from: 'USD', to: 'KES', rate: '1e3' }, 'rate'],
        [{ from: 'USD', to: 'KES', rate: true }, 'rate'],
        [{ from: 'USD', to: 'KES' }, 'rate'],
        [{ from: 'XYZ', to: 'KES', rate: '1' }, 'from'],
        [{ from: 'USD', to: 'QQQ', rate: '1' }, 'to'],
        [{ from: 'KES', to: 'KES', rate: '1' }, 'to'],
        [{ from: 'USD', to: 'KES', rate: '1', note: 'x' }, 'note'],
      ];
      for (const [body, path] of cases) {
        const res = await api.request('POST', '/api/admin/fx-rates', { key: ADMIN_KEY, body });
        expect(res.status, JSON.stringify(body)).to.equal(422);
        expect(res.body.error.code).to.equal('validation_error');
        expect(res.body.error.details.map((d: { path: string }) => d.path), JSON.stringify(body)).to.deep.equal([path]);
      }
      const listed = await api.request('GET', '/api/admin/fx-rates', { key: ADMIN_KEY });
      expect(listed.body.rates.find((r: { from: string; to: string }) => r.to === 'KES' && r.from === 'USD').rate).to.equal('129.5');
    });

    it('is for the operator only: 403 for customer keys, 401 without a key', async () => {
      for (const key of [liveKey, testKey, webhooksOnlyKey]) {
        const post = await api.request('POST', '/api/admin/fx-rates', { key, body: { from: 'USD', to: 'KES', rate: '1' } });
        expect(post.status).to.equal(403);
        expect(post.body.error).to.deep.include({ code: 'insufficient_scope', required: ['admin'] });
        expect((await api.request('GET', '/v1/admin/fx-rates', { key })).status).to.equal(403);
      }
      expect((await api.request('GET', '/api/admin/fx-rates')).status).to.equal(401);
    });
  });

  describe('number validation', () => {
    it('validates one number: the single form, every field with its type, under both paths', async () => {
      const res = await api.request('POST', '/api/messages/validate', { key: liveKey, body: { phone: KE } });
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body).sort()).to.deep.equal([...VALIDATION_KEYS].sort());
      expect(res.body).to.include({ input: KE, e164: KE, valid: true, possible: true, country: 'KE', type: 'mobile', reason: null });
      expect(res.body.carrier).to.be.a('string');
      expect(res.body.national).to.be.a('string');
      const alias = await api.request('POST', '/api/validate', { key: testKey, body: { phone: KE } });
      expect(alias.status).to.equal(200);
      expect(alias.body).to.deep.equal(res.body);
      const invalid = await api.request('POST', '/api/validate', { key: liveKey, body: { phone: 'call me' } });
      expect(invalid.body).to.include({ input: 'call me', e164: null, valid: false, reason: 'not_numeric', type: 'unknown' });
    });

    it('validates an array: count, valid, invalid and mobile as integers, results in input order', async () => {
      const phones = [KE, NG, 'call me', FR, '+254 1'];
      const res = await api.request('POST', '/api/messages/validate', { key: liveKey, body: { phone: phones } });
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body).sort()).to.deep.equal(['count', 'invalid', 'mobile', 'results', 'valid']);
      expect(res.body).to.include({ count: 5, valid: 3, invalid: 2, mobile: 3 });
      expect(res.body.results.map((r: { input: string }) => r.input)).to.deep.equal(phones);
      for (const result of res.body.results) expect(Object.keys(result).sort()).to.deep.equal([...VALIDATION_KEYS].sort());
      expect(res.body.results.map((r: { reason: string | null }) => r.reason)).to.deep.equal([null, null, 'not_numeric', null, 'impossible_number']);
      const one = await api.request('POST', '/api/validate', { key: liveKey, body: { phone: [KE] } });
      expect(one.body.count).to.equal(1);
      const full = await api.request('POST', '/api/validate', { key: liveKey, body: { phone: Array(1000).fill(NG) } });
      expect(full.status).to.equal(200);
      expect(full.body).to.include({ count: 1000, valid: 1000, mobile: 1000 });
    });

    it('answers 422 for more than 1000 numbers, an empty array, a missing or mistyped phone', async () => {
      for (const body of [{ phone: Array(1001).fill(KE) }, { phone: [] }, {}, { phone: 254712123456 }, { phone: [KE, 7] }]) {
        const res = await api.request('POST', '/api/messages/validate', { key: liveKey, body });
        expect(res.status, JSON.stringify(body).slice(0, 80)).to.equal(422);
        expect(res.body.error.details.map((d: { path: string }) => d.path)).to.deep.equal(['phone']);
      }
      const tooMany = await api.request('POST', '/api/validate', { key: liveKey, body: { phone: Array(1001).fill(KE) } });
      expect(tooMany.body.error.details[0].message).to.contain('1000');
    });

    it('needs a key with send or query: 401 without one, 403 insufficient_scope for a webhooks-only key', async () => {
      const anonymous = await api.request('POST', '/api/messages/validate', { body: { phone: KE } });
      expect(anonymous.status).to.equal(401);
      const hooks = await api.request('POST', '/api/validate', { key: webhooksOnlyKey, body: { phone: KE } });
      expect(hooks.status).to.equal(403);
      expect(hooks.body.error).to.deep.include({ code: 'insufficient_scope', required: ['send', 'query'] });
      const operator = await api.request('POST', '/api/validate', { key: ADMIN_KEY, body: { phone: KE } });
      expect(operator.status).to.equal(403);
    });
  });

  describe('price quotes', () => {
    before(async () => {
      await setRate('USD', 'KES', '129.5');
      await setRate('USD', 'NGN', '1600');
    });

    it('quotes a KES and an NGN number for a USD wallet: every spec field with its JSON type', async () => {
      const res = await quote({ to: [KE, NG], text: 'Hello from Tuma' });
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body).sort()).to.deep.equal([...QUOTE_KEYS].sort());
      expect(res.body).to.deep.include({
        encoding: 'GSM7',
        segments: 1,
        characters: 15,
        units: 15,
        over_segment_cap: false,
        max_segments: 10,
        wallet_currency: 'USD',
        wallet_balance: null,
        routable_count: 2,
        unroutable: [],
        affordable: null,
      });
      for (const recipient of res.body.recipients) expect(Object.keys(recipient).sort()).to.deep.equal([...RECIPIENT_KEYS].sort());
      // 0.80 KES / 129.5 = 0.0061776... -> 0.006178 USD; 6.00 NGN / 1600 = 0.00375 USD
      expect(res.body.recipients).to.deep.equal([
        {
          to: KE,
          country: 'KE',
          route: 'SVC_KE',
          routable: true,
          segments: 1,
          encoding: 'GSM7',
          price_per_segment: 0.8,
          route_currency: 'KES',
          cost_route: 0.8,
          cost_wallet: 0.006178,
          fx_rate: '0.007722007722',
          reason: null,
        },
        {
          to: NG,
          country: 'NG',
          route: 'SVC_NG',
          routable: true,
          segments: 1,
          encoding: 'GSM7',
          price_per_segment: 6,
          route_currency: 'NGN',
          cost_route: 6,
          cost_wallet: 0.00375,
          fx_rate: '0.000625',
          reason: null,
        },
      ]);
      expect(res.body.total_cost).to.equal(0.009928);
    });

    it('takes a single `to` under the alias, and a test key', async () => {
      const res = await quote({ to: ' +254 712 123 456 ', text: 'Hello from Tuma' }, testKey, '/api/rate');
      expect(res.status).to.equal(200);
      expect(res.body.recipients).to.have.length(1);
      expect(res.body.recipients[0]).to.include({ to: KE, cost_wallet: 0.006178 });
      expect(res.body.total_cost).to.equal(0.006178);
    });

    it('bills every segment of a long or Unicode text, converting once per recipient', async () => {
      const res = await quote({ to: [KE, KE, KE], text: 'Habari! 👋🏾 '.repeat(6) });
      expect(res.body).to.include({ encoding: 'UCS2', segments: 2 });
      // 2 x 0.80 = 1.60 KES; / 129.5 = 0.0123552... -> 0.012355 each; the total is the sum of the three
      expect(res.body.recipients.map((r: { cost_route: number; cost_wallet: number }) => [r.cost_route, r.cost_wallet])).to.deep.equal([
        [1.6, 0.012355],
        [1.6, 0.012355],
        [1.6, 0.012355],
      ]);
      expect(res.body.total_cost).to.equal(0.037065);
      const over = await quote({ to: KE, text: 'x'.repeat(153 * 11) });
      expect(over.body).to.include({ segments: 11, over_segment_cap: true, max_segments: 10 });
      expect(over.body.recipients[0]).to.include({ cost_route: 8.8, routable: true });
      expect(over.body.total_cost).to.equal(over.body.recipients[0].cost_wallet);
    });

    it('lists invalid and unroutable numbers with routable false and null prices, never as an error', async () => {
      const res = await quote({ to: [KE, 'call me', FR, CF], text: 'Hi' });
      expect(res.status).to.equal(200);
      expect(res.body.routable_count).to.equal(1);
      expect(res.body.unroutable).to.deep.equal(['call me', FR, CF]);
      const [, invalid, france, car] = res.body.recipients;
      const nulls = { route: null, routable: false, price_per_segment: null, route_currency: null, cost_route: null, cost_wallet: null, fx_rate: null };
      expect(invalid).to.deep.equal({ to: 'call me', country: null, segments: 1, encoding: 'GSM7', reason: 'not_numeric', ...nulls });
      expect(france).to.deep.equal({ to: FR, country: 'FR', segments: 1, encoding: 'GSM7', reason: 'no_route', ...nulls });
      expect(car).to.deep.include({ country: 'CF', reason: 'no_route', routable: false, cost_wallet: null });
      expect(res.body.total_cost).to.equal(res.body.recipients[0].cost_wallet);
    });

    it('uses an explicit route for its own country; other numbers are unroutable (route_mismatch)', async () => {
      const res = await quote({ to: [KE, NG], text: 'Hi', route: 'SVC_KE' });
      expect(res.status).to.equal(200);
      expect(res.body.recipients.map((r: { route: string | null; routable: boolean; reason: string | null }) => [r.route, r.routable, r.reason])).to.deep.equal([
        ['SVC_KE', true, null],
        [null, false, 'route_mismatch'],
      ]);
      expect(res.body.unroutable).to.deep.equal([NG]);
    });

    it('answers 422 naming the field for > 1000 recipients, none, a missing or empty text and an unknown or inactive route', async () => {
      const cases: [unknown, string][] = [
        [{ to: Array(1001).fill(KE), text: 'Hi' }, 'to'],
        [{ to: [], text: 'Hi' }, 'to'],
        [{ text: 'Hi' }, 'to'],
        [{ to: KE }, 'text'],
        [{ to: KE, text: '' }, 'text'],
        [{ to: KE, text: 42 }, 'text'],
        [{ to: KE, text: 'Hi', route: 'SVC_XX' }, 'route'],
        [{ to: KE, text: 'Hi', route: 'SVC_CF' }, 'route'],
        [{ to: KE, text: 'Hi', route: '' }, 'route'],
      ];
      for (const [body, path] of cases) {
        const res = await quote(body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).to.equal(422);
        expect(res.body.error.code).to.equal('validation_error');
        expect(res.body.error.details.map((d: { path: string }) => d.path), JSON.stringify(body).slice(0, 80)).to.deep.equal([path]);
      }
      expect((await quote({ to: Array(1000).fill(KE), text: 'Hi' })).body.routable_count).to.equal(1000);
    });

    it('needs a key with send or query: 401 without one, 403 insufficient_scope for a webhooks-only key', async () => {
      const anonymous = await api.request('POST', '/api/messages/rate', { body: { to: KE, text: 'Hi' } });
      expect(anonymous.status).to.equal(401);
      expect(anonymous.body.error.code).to.equal('unauthorized');
      const hooks = await quote({ to: KE, text: 'Hi' }, webhooksOnlyKey, '/api/rate');
      expect(hooks.status).to.equal(403);
      expect(hooks.body.error).to.deep.include({ code: 'insufficient_scope', required: ['send', 'query'] });
      const sendOnly = await customerKey('send-only@example.com', 'USD', ['send']);
      const queryOnly = await customerKey('query-only@example.com', 'USD', ['query']);
      expect((await quote({ to: KE, text: 'Hi' }, sendOnly)).status).to.equal(200);
      expect((await quote({ to: KE, text: 'Hi' }, queryOnly)).status).to.equal(200);
    });

    it('a changed rate changes cost_wallet', async () => {
      const before = await quote({ to: KE, text: 'Hi' });
      expect(before.body.recipients[0].cost_wallet).to.equal(0.006178);
      await setRate('USD', 'KES', '100');
      const after = await quote({ to: KE, text: 'Hi' });
      expect(after.body.recipients[0]).to.include({ cost_wallet: 0.008, fx_rate: '0.01', cost_route: 0.8 });
      expect(after.body.total_cost).to.equal(0.008);
      await setRate('USD', 'KES', '129.5');
    });

    it('quotes in the account wallet currency: a cross through USD for NGN, fx_rate_missing when no rate converts', async () => {
      const naira = await customerKey('naira@example.com', 'NGN');
      const ngn = await quote({ to: [KE, NG], text: 'Hi' }, naira);
      expect(ngn.body.wallet_currency).to.equal('NGN');
      // 0.80 KES x 1600 / 129.5 = 9.884169884... NGN; the NGN route needs no conversion
      expect(ngn.body.recipients.map((r: { cost_wallet: number; fx_rate: string }) => [r.cost_wallet, r.fx_rate])).to.deep.equal([
        [9.88417, '12.355212355212'],
        [6, '1'],
      ]);
      expect(ngn.body.total_cost).to.equal(15.88417);

      const yen = await customerKey('yen@example.com', 'JPY');
      const jpy = await quote({ to: [KE], text: 'Hi' }, yen);
      expect(jpy.status).to.equal(200);
      expect(jpy.body.recipients[0]).to.deep.equal({
        to: KE,
        country: 'KE',
        route: 'SVC_KE',
        routable: false,
        segments: 1,
        encoding: 'GSM7',
        price_per_segment: 0.8,
        route_currency: 'KES',
        cost_route: 0.8,
        cost_wallet: null,
        fx_rate: null,
        reason: 'fx_rate_missing',
      });
      expect(jpy.body).to.include({ routable_count: 0, total_cost: 0, wallet_currency: 'JPY' });
      expect(jpy.body.unroutable).to.deep.equal([KE]);
      await setRate('USD', 'JPY', '150');
      const priced = await quote({ to: [KE], text: 'Hi' }, yen);
      // 0.80 / 129.5 x 150 = 0.926640926... JPY
      expect(priced.body.recipients[0]).to.include({ routable: true, cost_wallet: 0.926641, reason: null });
    });
  });
});
