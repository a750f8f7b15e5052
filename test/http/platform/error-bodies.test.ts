import { expect } from 'chai';
import { API_NAMES, type ApiName } from '@tuma/koa-adapter';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * One error body on every API (issue 33): `{"error": {"code", "message", ...}}`; each refused field
 * in `details` with its `path`, `message` and where it was (`in`); what was not found named in
 * snake_case (`resource`). Every answer of every HTTP test is checked against its API's document
 * (test/support/openapi-conformance.ts); this file holds the four documents to one Error schema and
 * asks each API, the account service and the operator's routes among them, for its refusals.
 */
describe(`one error body on every API on ${databaseKind()}`, () => {
  let api: TestServer;
  let keys: Record<ApiName, string>;

  before(async () => {
    api = await startTestServer();
    const accountId = api.started.demo!.accountId;
    const mail = await api.request('POST', `/api/admin/accounts/${accountId}/mail-keys`, { key: ADMIN_KEY, body: { name: 'errors' } });
    const links = await api.request('POST', `/api/admin/accounts/${accountId}/links-keys`, { key: ADMIN_KEY, body: { name: 'errors' } });
    keys = { sms: api.started.demo!.liveKey, auth: '', mail: mail.body.key, links: links.body.key };
  });
  after(() => api.stop());

  /** The one shape: a code and a message, details that say where, a snake_case resource. */
  function expectOneShape(body: { error?: Record<string, unknown> }, what: string): Record<string, unknown> {
    expect(body, what).to.have.keys('error');
    const error = body.error!;
    expect(error.code, `${what}: code`).to.be.a('string').and.match(/^[a-z]+(_[a-z]+)*$/);
    expect(error.message, `${what}: message`).to.be.a('string').and.not.equal('');
    for (const detail of (error.details ?? []) as Record<string, unknown>[]) {
      expect(detail, `${what}: a detail`).to.have.all.keys('path', 'message', 'in');
      expect(['body', 'query', 'path', 'header'], `${what}: in`).to.include(detail.in);
    }
    if ('resource' in error) expect(error.resource, `${what}: resource`).to.match(/^[a-z]+(_[a-z]+)*$/);
    return error;
  }

  it('describes errors with one Error schema in the four documents', async () => {
    const schemas = await Promise.all(API_NAMES.map(async (name) => (await api.request('GET', '/openapi.json', { api: name })).body.components.schemas.Error));
    for (const [index, schema] of schemas.entries()) expect(schema, API_NAMES[index]).to.deep.equal(schemas[0]);
    expect(schemas[0].properties.error.properties.details.items.required).to.deep.equal(['path', 'message', 'in']);
  });

  it("answers the four APIs' refusals in that shape: every 422 says where each field was, every 404 names its resource the same way", async () => {
    const refusals: { api: ApiName; method: string; path: string; body?: unknown; key?: string | null; status: number; resource?: string; field?: { path: string; in: string } }[] = [
      { api: 'sms', method: 'GET', path: '/api/messages/msg_01KAAAAAAAAAAAAAAAAAAAAAAA', status: 404, resource: 'message' },
      { api: 'sms', method: 'GET', path: '/v1/verify/ver_01KAAAAAAAAAAAAAAAAAAAAAAA', status: 404, resource: 'verification' },
      { api: 'sms', method: 'POST', path: '/api/messages/send', body: { to: '+254712345678', text: 'x', schedule_mode: 'someday' }, status: 422, field: { path: 'schedule_mode', in: 'body' } },
      { api: 'sms', method: 'GET', path: '/api/messages?limit=0', status: 422, field: { path: 'limit', in: 'query' } },
      { api: 'sms', method: 'POST', path: '/api/admin/accounts', key: ADMIN_KEY, body: { email: 'nope' }, status: 422, field: { path: 'email', in: 'body' } },
      { api: 'sms', method: 'GET', path: '/api/messages', key: null, status: 401 },
      { api: 'auth', method: 'POST', path: '/v1/register', key: null, body: { email: 'nope', password: 'a long enough passphrase 1' }, status: 422, field: { path: 'email', in: 'body' } },
      { api: 'mail', method: 'GET', path: '/v1/domains/dom_01KAAAAAAAAAAAAAAAAAAAAAAA', status: 404, resource: 'domain' },
      { api: 'mail', method: 'POST', path: '/v1/domains', body: { name: 'not a domain' }, status: 422, field: { path: 'name', in: 'body' } },
      { api: 'links', method: 'GET', path: '/v1/links/lnk_01KAAAAAAAAAAAAAAAAAAAAAAA', status: 404, resource: 'link' },
      { api: 'links', method: 'POST', path: '/v1/links', body: { url: 'not a url' }, status: 422, field: { path: 'url', in: 'body' } },
      { api: 'links', method: 'GET', path: '/v1/nowhere', status: 404 },
    ];
    for (const refusal of refusals) {
      const what = `${refusal.api} ${refusal.method} ${refusal.path}`;
      const key = refusal.key === null ? undefined : (refusal.key ?? keys[refusal.api]);
      const answer = await api.request(refusal.method, refusal.path, { api: refusal.api, key, body: refusal.body });
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).to.equal(refusal.status);
      const error = expectOneShape(answer.body, what);
      if (refusal.resource) expect(error.resource, what).to.equal(refusal.resource);
      if (refusal.field) expect((error.details as { path: string; in: string }[]).map((detail) => ({ path: detail.path, in: detail.in })), what).to.deep.include(refusal.field);
    }
  });

  it('answers prices as numbers on every API (the mail plan as the account service does)', async () => {
    const billing = await api.request('GET', '/v1/billing', { api: 'mail', key: keys.mail });
    expect(billing.body.plan.price_usd, JSON.stringify(billing.body)).to.be.a('number');
    const plans = await api.request('GET', '/v1/plans', { api: 'auth' });
    expect(plans.body.mail.find((plan: { tier: string }) => plan.tier === billing.body.plan.tier).price_usd).to.equal(billing.body.plan.price_usd);
  });
});
