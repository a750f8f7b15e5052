import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const KE = '+254712345678';
const NG = '+2348031234567';

describe(`HTTP opt-outs and templates on ${databaseKind()}`, () => {
  let api: TestServer;
  /** The demo account's live key: send, query and webhooks. */
  let key: string;
  let demoAccountId: string;
  let queryOnlyKey: string;
  let sendOnlyKey: string;
  let webhooksOnlyKey: string;
  /** A key of another account (default scopes). */
  let otherKey: string;

  async function issueKey(accountId: string, scopes?: string[]): Promise<string> {
    const res = await api.request('POST', `/api/admin/accounts/${accountId}/keys`, { key: ADMIN_KEY, body: { environment: 'live', ...(scopes ? { scopes } : {}) } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.key;
  }

  before(async () => {
    api = await startTestServer();
    key = api.started.demo!.liveKey;
    demoAccountId = api.started.demo!.accountId;
    queryOnlyKey = await issueKey(demoAccountId, ['query']);
    sendOnlyKey = await issueKey(demoAccountId, ['send']);
    webhooksOnlyKey = await issueKey(demoAccountId, ['webhooks']);
    const other = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'other.tenant@example.com' } });
    expect(other.status).to.equal(201);
    otherKey = await issueKey(other.body.id);
  });
  after(async () => api.stop());

  const expectValidation = (res: { status: number; body: any }, where: string, paths: string[]) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(422);
    expect(res.body.error.code).to.equal('validation_error');
    expect(res.body.error.details.map((d: { path: string; in: string }) => `${d.in}:${d.path}`)).to.have.members(paths.map((p) => `${where}:${p}`));
  };

  describe('opt-outs', () => {
    const optOut = (body: unknown, k = key) => api.request('POST', '/api/opt-outs', { key: k, body });
    const optIn = (phone: string, k = key) => api.request('DELETE', `/api/opt-outs/${phone}`, { key: k });
    const listed = async (k = key, query = '') => {
      const res = await api.request('GET', `/api/opt-outs${query}`, { key: k });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body.opt_outs as { phone: string; source: string; keyword: string | null; created_at: string }[];
    };

    afterEach(async () => {
      for (const entry of await listed(key, '?limit=1000')) await optIn(encodeURIComponent(entry.phone));
      for (const entry of await listed(otherKey, '?limit=1000')) await optIn(encodeURIComponent(entry.phone), otherKey);
    });

    it('adds a number with 201 {phone, opted_out: true}, again with 201 and the first entry kept', async () => {
      const first = await optOut({ phone: '+254 712 345 678' });
      expect(first.status).to.equal(201);
      expect(first.body).to.deep.equal({ phone: KE, opted_out: true });
      const [entry] = await listed();
      expect(Object.keys(entry!)).to.deep.equal(['phone', 'source', 'keyword', 'created_at']);
      expect(entry).to.include({ phone: KE, source: 'api', keyword: null });
      expect(entry!.created_at).to.match(ISO_INSTANT);

      const again = await optOut({ phone: '00254712345678' });
      expect(again.status).to.equal(201);
      expect(again.body).to.deep.equal({ phone: KE, opted_out: true });
      expect(await listed()).to.deep.equal([entry]);
    });

    it('refuses a malformed number with 400 invalid_phone_number, its reason and the field phone', async () => {
      const cases = [
        ['0712345678', 'parse_error'],
        ['254712345678', 'parse_error'],
        ['+254 71', 'impossible_number'],
        ['+254123456789', 'invalid_number'],
        ['not a number', 'not_numeric'],
        ['', 'not_numeric'],
      ];
      for (const [phone, reason] of cases) {
        const res = await optOut({ phone });
        expect(res.status, phone).to.equal(400);
        expect(res.body.error).to.include({ code: 'invalid_phone_number', reason });
        expect(res.body.error.message).to.match(/^phone: /);
        expect(res.body.error.details).to.deep.equal([{ path: 'phone', message: res.body.error.message.slice('phone: '.length), in: 'body' }]);
      }
      expect(await listed()).to.deep.equal([]);
    });

    it('answers 422 for a missing, non-string or extra field and a missing body', async () => {
      expectValidation(await optOut({}), 'body', ['phone']);
      expectValidation(await optOut({ phone: 254712345678 }), 'body', ['phone']);
      expectValidation(await optOut({ phone: null }), 'body', ['phone']);
      expectValidation(await optOut({ phone: KE, source: 'sms' }), 'body', ['source']);
      expectValidation(await api.request('POST', '/api/opt-outs', { key }), 'body', ['']);
    });

    it('takes a number off with {phone, opted_out: false}, URL-encoded or without +, idempotently', async () => {
      await optOut({ phone: KE });
      await optOut({ phone: NG });
      const removed = await optIn(encodeURIComponent(KE));
      expect(removed.status).to.equal(200);
      expect(removed.body).to.deep.equal({ phone: KE, opted_out: false });
      expect((await optIn(encodeURIComponent(KE))).body, 'again').to.deep.equal({ phone: KE, opted_out: false });
      const bare = await optIn('2348031234567');
      expect([bare.status, bare.body]).to.deep.equal([200, { phone: NG, opted_out: false }]);
      expect((await optIn('+2348031234567')).body, 'a literal + in the path').to.deep.equal({ phone: NG, opted_out: false });
      expect(await listed()).to.deep.equal([]);
    });

    it('refuses a malformed number in the path with 400, naming the path parameter', async () => {
      const res = await optIn('12345');
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('invalid_phone_number');
      expect(res.body.error.details).to.have.length(1);
      expect(res.body.error.details[0]).to.include({ path: 'phone', in: 'path' });
    });

    it('lists newest first, 200 by default, up to limit (1 to 1000; 0, 1001 and text are 422)', async () => {
      for (let i = 0; i < 201; i++) expect((await optOut({ phone: `+2547${String(i).padStart(8, '0')}` })).status).to.equal(201);
      const page = await listed();
      expect(page).to.have.length(200);
      const times = page.map((entry) => entry.created_at);
      expect(times).to.deep.equal([...times].sort().reverse());
      expect(await listed(key, '?limit=1000')).to.have.length(201);
      expect((await listed(key, '?limit=1'))[0]).to.deep.equal(page[0]);
      for (const limit of ['0', '1001', 'abc', '2.5', '-1']) {
        expectValidation(await api.request('GET', `/api/opt-outs?limit=${limit}`, { key }), 'query', ['limit']);
      }
    });

    it("keeps tenants apart: another account neither sees nor removes the demo's entries", async () => {
      await optOut({ phone: KE });
      expect(await listed(otherKey)).to.deep.equal([]);
      expect((await optIn(encodeURIComponent(KE), otherKey)).body).to.deep.equal({ phone: KE, opted_out: false });
      expect((await listed()).map((entry) => entry.phone)).to.deep.equal([KE]);
      expect((await optOut({ phone: KE }, otherKey)).status).to.equal(201);
      await optIn(encodeURIComponent(KE));
      expect((await listed(otherKey)).map((entry) => entry.phone), 'their own entry stays').to.deep.equal([KE]);
    });

    it('needs a key (401), query or send to read and send to write (403 insufficient_scope)', async () => {
      for (const [method, path, body] of [['GET', '/api/opt-outs'], ['POST', '/api/opt-outs', { phone: KE }], ['DELETE', `/api/opt-outs/${KE}`]] as const) {
        const anonymous = await api.request(method, path, { body });
        expect(anonymous.status, `${method} anonymous`).to.equal(401);
        expect(anonymous.body.error.code).to.equal('unauthorized');
        for (const denied of [webhooksOnlyKey, ADMIN_KEY, ...(method === 'GET' ? [] : [queryOnlyKey])]) {
          const res = await api.request(method, path, { key: denied, body });
          expect(res.status, `${method} ${path}`).to.equal(403);
          expect(res.body.error.code).to.equal('insufficient_scope');
        }
      }
      expect((await api.request('GET', '/api/opt-outs', { key: queryOnlyKey })).status).to.equal(200);
      expect((await api.request('GET', '/api/opt-outs', { key: sendOnlyKey })).status).to.equal(200);
      expect((await optOut({ phone: KE }, sendOnlyKey)).status).to.equal(201);
      expect((await optIn(KE, sendOnlyKey)).status).to.equal(200);
    });
  });

  describe('templates', () => {
    type TemplateBody = { id: number; name: string; text: string; created_at: string; updated_at: string };
    const create = (body: unknown, k = key) => api.request('POST', '/api/templates', { key: k, body });
    const patch = (id: number | string, body: unknown, k = key) => api.request('PATCH', `/api/templates/${id}`, { key: k, body });
    const remove = (id: number | string, k = key) => api.request('DELETE', `/api/templates/${id}`, { key: k });
    const listed = async (k = key, query = ''): Promise<TemplateBody[]> => {
      const res = await api.request('GET', `/api/templates${query}`, { key: k });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body.templates;
    };
    const created = async (name: string, text = 'Hi {{name}}', k = key): Promise<TemplateBody> => {
      const res = await create({ name, text }, k);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      return res.body;
    };

    afterEach(async () => {
      for (const k of [key, otherKey]) for (const template of await listed(k, '?limit=500')) await remove(template.id, k);
    });

    it('creates a template with 201 and every field, name trimmed, text kept exactly', async () => {
      const text = 'Habari {{ name }},\nyour code is {{code}} 😀';
      const template = await created('  Welcome  ', text);
      expect(Object.keys(template)).to.deep.equal(['id', 'name', 'text', 'created_at', 'updated_at']);
      expect(Number.isInteger(template.id) && template.id > 0).to.equal(true);
      expect(template).to.include({ name: 'Welcome', text });
      expect(template.created_at).to.match(ISO_INSTANT);
      expect(template.updated_at).to.equal(template.created_at);
      expect(await listed()).to.deep.equal([template]);
    });

    it('takes 80-character names and 1600-character texts, counting emoji as one character', async () => {
      const template = await created('😀'.repeat(80), 'é'.repeat(1600));
      expect([...template.name]).to.have.length(80);
      expect(template.text).to.have.length(1600);
    });

    it('answers 422 naming every bad field: lengths, blanks, types, unknown and missing fields', async () => {
      expectValidation(await create({ name: '', text: '' }), 'body', ['name', 'text']);
      expectValidation(await create({ name: 'n'.repeat(81), text: 'x'.repeat(1601) }), 'body', ['name', 'text']);
      expectValidation(await create({ name: '   ', text: 'ok' }), 'body', ['name']);
      expectValidation(await create({ name: 'ok', text: ' \n ' }), 'body', ['text']);
      expectValidation(await create({ name: 'ok', text: 'bell\u0007' }), 'body', ['text']);
      expectValidation(await create({ name: 5, text: ['x'] }), 'body', ['name', 'text']);
      expectValidation(await create({ name: 'ok' }), 'body', ['text']);
      expectValidation(await create({ name: 'ok', text: 'ok', id: 3 }), 'body', ['id']);
      expect(await listed()).to.deep.equal([]);
    });

    it('refuses a second template of the same name in any case with 409', async () => {
      await created('Promo');
      const res = await create({ name: 'PROMO', text: 'other' });
      expect(res.status).to.equal(409);
      expect(res.body.error.code).to.equal('conflict');
      expect(await listed()).to.have.length(1);
    });

    it('replaces name and text with PATCH, keeping id and created_at', async () => {
      const template = await created('Reminder', 'Pay {{amount}}');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const res = await patch(template.id, { name: 'Reminder v2', text: 'Please pay {{amount}}' });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ id: template.id, name: 'Reminder v2', text: 'Please pay {{amount}}', created_at: template.created_at });
      expect(res.body.updated_at > template.updated_at).to.equal(true);
      expect(await listed()).to.deep.equal([res.body]);
    });

    it('PATCH takes the same body as create: both fields, validated alike; a taken name is 409', async () => {
      const template = await created('First');
      await created('Second');
      expectValidation(await patch(template.id, { name: 'Only a name' }), 'body', ['text']);
      expectValidation(await patch(template.id, { name: '', text: 'x', extra: true }), 'body', ['extra']);
      expectValidation(await patch(template.id, { name: '', text: 'x' }), 'body', ['name']);
      expect((await patch(template.id, { name: 'second', text: 'x' })).status).to.equal(409);
      expect((await listed()).find((t) => t.id === template.id)).to.deep.equal(template);
    });

    it('answers 404 for an unknown id and 422 for an id that is no positive integer', async () => {
      const missing = await patch(987654321, { name: 'a', text: 'b' });
      expect([missing.status, missing.body.error.code]).to.deep.equal([404, 'not_found']);
      expect((await remove(987654321)).status).to.equal(404);
      for (const id of ['abc', '0', '-1', '1.5', '99999999999999999']) {
        expectValidation(await patch(id, { name: 'a', text: 'b' }), 'path', ['id']);
        expectValidation(await remove(id), 'path', ['id']);
      }
    });

    it('deletes with 204 and no body; a second delete is 404', async () => {
      const template = await created('Old');
      const res = await remove(template.id);
      expect(res.status).to.equal(204);
      expect(res.text).to.equal('');
      expect((await remove(template.id)).status).to.equal(404);
      expect(await listed()).to.deep.equal([]);
    });

    it("keeps tenants apart: another account's template is 404 and never listed", async () => {
      const mine = await created('Mine', 'secret text');
      expect(await listed(otherKey)).to.deep.equal([]);
      const stolen = await patch(mine.id, { name: 'Stolen', text: 'x' }, otherKey);
      expect([stolen.status, stolen.body.error.code]).to.deep.equal([404, 'not_found']);
      expect((await remove(mine.id, otherKey)).status).to.equal(404);
      expect(await listed()).to.deep.equal([mine]);
      expect((await create({ name: 'Mine', text: 'their own' }, otherKey)).status, 'names are per account').to.equal(201);
    });

    it('lists newest first, 200 by default, up to limit (1 to 500; 0, 501 and text are 422)', async () => {
      for (let i = 0; i < 201; i++) await created(`T${i}`, `text ${i}`);
      const page = await listed();
      expect(page).to.have.length(200);
      expect(page[0]!.name).to.equal('T200');
      expect(page.map((t) => t.id)).to.deep.equal([...page.map((t) => t.id)].sort((a, b) => b - a));
      expect(await listed(key, '?limit=500')).to.have.length(201);
      expect((await listed(key, '?limit=1')).map((t) => t.name)).to.deep.equal(['T200']);
      for (const limit of ['0', '501', 'x', '1.5']) {
        expectValidation(await api.request('GET', `/api/templates?limit=${limit}`, { key }), 'query', ['limit']);
      }
    });

    it('needs a key (401), query or send to read and send to write (403 insufficient_scope)', async () => {
      const template = await created('Scoped');
      const routes = [
        ['GET', '/api/templates', undefined],
        ['POST', '/api/templates', { name: 'x', text: 'y' }],
        ['PATCH', `/api/templates/${template.id}`, { name: 'x', text: 'y' }],
        ['DELETE', `/api/templates/${template.id}`, undefined],
      ] as const;
      for (const [method, path, body] of routes) {
        expect((await api.request(method, path, { body })).status, `${method} anonymous`).to.equal(401);
        for (const denied of [webhooksOnlyKey, ADMIN_KEY, ...(method === 'GET' ? [] : [queryOnlyKey])]) {
          const res = await api.request(method, path, { key: denied, body });
          expect([res.status, res.body.error.code], `${method} ${path}`).to.deep.equal([403, 'insufficient_scope']);
        }
      }
      expect((await listed(queryOnlyKey)).map((t) => t.name)).to.deep.equal(['Scoped']);
      expect((await patch(template.id, { name: 'Scoped', text: 'by send' }, sendOnlyKey)).status).to.equal(200);
      expect((await remove(template.id, sendOnlyKey)).status).to.equal(204);
    });
  });

  it('describes the routes and their scopes in /openapi.json', async () => {
    const paths = (await api.request('GET', '/openapi.json')).body.paths;
    expect(paths['/api/opt-outs'].get['x-required-scopes']).to.deep.equal(['query', 'send']);
    expect(paths['/api/opt-outs'].post['x-required-scopes']).to.deep.equal(['send']);
    expect(paths['/api/opt-outs/{phone}'].delete.responses).to.have.property('400');
    expect(paths['/api/templates/{id}'].patch.responses).to.include.keys('200', '404', '409', '422');
    expect(paths['/api/templates/{id}'].delete.responses).to.include.keys('204', '404');
  });
});
