import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestResponse, type TestServer } from '../../support/test-server.ts';
import { until } from '../../support/until.ts';

const RATE_LIMIT_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

/** `count` requests at once (so that they fall in one or two one-second windows). */
const burst = (count: number, send: () => Promise<TestResponse>): Promise<TestResponse[]> => Promise.all(Array.from({ length: count }, send));
const statuses = (responses: TestResponse[]) => responses.map((res) => res.status);
const allowed = (responses: TestResponse[]) => responses.filter((res) => res.status === 200).length;

describe(`HTTP rate limits on ${databaseKind()}`, () => {
  describe('per key: 5 per second, burst 8; per address: 3 per second, no burst', () => {
    let api: TestServer;
    let liveKey: string;
    let accountId: string;

    before(async () => {
      api = await startTestServer({
        RATE_LIMIT_PER_SECOND: '5',
        RATE_LIMIT_BURST: '8',
        RATE_LIMIT_IP_PER_SECOND: '3',
        RATE_LIMIT_IP_BURST: '3',
        RATE_LIMIT_REFRESH_SECONDS: '0.2',
      });
      liveKey = api.started.demo!.liveKey;
      accountId = (await api.request('GET', '/api/auth/me', { key: liveKey })).body.id;
    });
    after(async () => api.stop());
    // Each test starts in fresh windows of its subjects (and a refilled burst allowance is not needed).
    beforeEach(async () => new Promise((resolve) => setTimeout(resolve, 1100)));

    it('documents the RateLimit-* headers on every answer of every operation, and 429 with Retry-After', async () => {
      const document = (await api.request('GET', '/openapi.json')).body;
      for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>)) {
        for (const [method, operation] of Object.entries(item)) {
          expect(operation.responses, `${method} ${path}`).to.have.property('429');
          for (const [status, response] of Object.entries(operation.responses)) {
            expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).to.include.members(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
          }
          expect(Object.keys(operation.responses['429']!.headers ?? {})).to.include('Retry-After');
        }
      }
      expect(document.components.headers['Retry-After'].schema).to.deep.equal({ type: 'integer', minimum: 1 });
    });

    it('sets the headers on every answer: keyed and public routes, 401, 404 and 422', async () => {
      const answers = [
        await api.request('GET', '/api/auth/me', { key: liveKey }),
        await api.request('GET', '/health'),
        await api.request('GET', '/api/auth/me', { key: 'svc_live_nope' }),
        await api.request('GET', '/api/no-such-route'),
        await api.request('PUT', `/api/admin/accounts/${accountId}/rate-limit`, { key: ADMIN_KEY, body: { per_second: 0 } }),
      ];
      expect(statuses(answers)).to.deep.equal([200, 200, 401, 404, 422]);
      for (const res of answers) for (const name of RATE_LIMIT_HEADERS) expect(res.headers.get(name), `${res.status} ${name}`).to.match(/^\d+$/);
      const keyed = answers[0]!;
      expect(keyed.headers.get('ratelimit-limit')).to.equal('5');
      expect(Number(keyed.headers.get('ratelimit-remaining'))).to.equal(4);
      expect(Number(keyed.headers.get('ratelimit-reset'))).to.equal(1);
      expect(answers[1]!.headers.get('ratelimit-limit')).to.equal('3');
    });

    it('answers 429 rate_limited with Retry-After once a key spent its second and its burst allowance', async () => {
      const answers = await burst(14, () => api.request('GET', '/api/auth/me', { key: liveKey }));
      // 5 in the window and 3 from the allowance; a window that ends during the burst admits at most 5 more.
      expect(allowed(answers)).to.be.within(8, 13);
      const refused = answers.filter((res) => res.status === 429);
      expect(refused.length).to.be.at.least(1);
      for (const res of refused) {
        expect(res.body.error).to.include({ code: 'rate_limited' });
        expect(res.body.error.message).to.match(/at most 5 per second/);
        expect(res.body.error.retry_after).to.be.within(1, 1);
        expect(res.headers.get('retry-after')).to.equal(String(res.body.error.retry_after));
        expect(res.headers.get('ratelimit-remaining')).to.equal('0');
      }
      // The allowance refills every 10 s, the window every second: the next second admits 5 again.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(allowed(await burst(7, () => api.request('GET', '/api/auth/me', { key: liveKey })))).to.be.within(5, 7);
    });

    it('limits public routes per client address, without trusting X-Forwarded-For', async () => {
      const answers = await burst(6, () => api.request('GET', '/health', { headers: { 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 250)}` } }));
      expect(allowed(answers)).to.be.within(3, 5);
      expect(answers.some((res) => res.status === 429 && res.body.error.code === 'rate_limited')).to.equal(true);
      // A key is limited on its own, whatever its address has spent.
      expect((await api.request('GET', '/api/auth/me', { key: liveKey })).status).to.equal(200);
    });

    it('counts refused keys against the address: guessing keys meets 429', async () => {
      const answers = await burst(6, () => api.request('GET', '/api/auth/me', { key: 'svc_live_guess' }));
      expect(statuses(answers).filter((status) => status === 401).length).to.be.within(3, 5);
      expect(statuses(answers)).to.include(429);
    });

    it("lets the operator set an account's limit, applied within seconds, and put it back to the default", async () => {
      expect((await api.request('GET', `/api/admin/accounts/${accountId}/rate-limit`, { key: ADMIN_KEY })).body).to.deep.equal({
        account_id: accountId,
        per_second: 5,
        burst: 8,
        is_default: true,
      });
      const set = await api.request('PUT', `/v1/admin/accounts/${accountId}/rate-limit`, { key: ADMIN_KEY, body: { per_second: 2 } });
      expect([set.status, set.body]).to.deep.equal([200, { account_id: accountId, per_second: 2, burst: 2, is_default: false }]);
      await until('the override in force', async () => (await api.request('GET', '/api/auth/me', { key: liveKey })).headers.get('ratelimit-limit'), (limit) => limit === '2', 3000);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(allowed(await burst(6, () => api.request('GET', '/api/auth/me', { key: liveKey })))).to.be.within(2, 4);

      const reset = await api.request('DELETE', `/api/admin/accounts/${accountId}/rate-limit`, { key: ADMIN_KEY });
      expect(reset.body).to.deep.include({ per_second: 5, burst: 8, is_default: true });
      await until('the default back', async () => (await api.request('GET', '/api/auth/me', { key: liveKey })).headers.get('ratelimit-limit'), (limit) => limit === '5', 3000);
    });

    it('refuses a burst under the rate (422) and an unknown account (404)', async () => {
      const low = await api.request('PUT', `/api/admin/accounts/${accountId}/rate-limit`, { key: ADMIN_KEY, body: { per_second: 10, burst: 5 } });
      expect([low.status, low.body.error.details?.[0]?.path]).to.deep.equal([422, 'burst']);
      const unknown = await api.request('PUT', '/api/admin/accounts/acc_nope/rate-limit', { key: ADMIN_KEY, body: { per_second: 10 } });
      expect(unknown.status).to.equal(404);
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY_HOPS=1)', () => {
    let api: TestServer;
    before(async () => {
      api = await startTestServer({ RATE_LIMIT_IP_PER_SECOND: '2', RATE_LIMIT_IP_BURST: '2', TRUST_PROXY_HOPS: '1' });
      // The conformance check reads the document once (from 127.0.0.1: no X-Forwarded-For) before the bursts.
      expect((await api.request('GET', '/openapi.json')).status).to.equal(200);
    });
    after(async () => api.stop());

    it('limits each address the proxy saw (the last X-Forwarded-For entry), not what the client wrote before it', async () => {
      const from = (address: string, spoofed = '') => api.request('GET', '/health', { headers: { 'X-Forwarded-For': `${spoofed}${address}` } });
      const a = await burst(4, () => from('198.51.100.1'));
      const b = await burst(4, () => from('198.51.100.2', '10.0.0.1, '));
      expect(allowed(a)).to.be.within(2, 3);
      expect(allowed(b)).to.be.within(2, 3);
      const spoofing = await burst(3, () => from('198.51.100.1', `192.0.2.${Math.floor(Math.random() * 250)}, `));
      expect(allowed(spoofing)).to.be.at.most(Math.max(0, 3 - allowed(a)) + 2);
    });
  });

  describe('turned off (RATE_LIMIT_ENABLED=false)', () => {
    let api: TestServer;
    before(async () => {
      api = await startTestServer({ RATE_LIMIT_ENABLED: 'false' });
    });
    after(async () => api.stop());

    it('sets no RateLimit headers, documents none and no 429', async () => {
      const res = await api.request('GET', '/health');
      expect(res.headers.get('ratelimit-limit')).to.equal(null);
      const document = (await api.request('GET', '/openapi.json')).body;
      expect(document.paths['/health'].get.responses).to.not.have.property('429');
      expect(document.components).to.not.have.property('headers');
    });
  });
});
