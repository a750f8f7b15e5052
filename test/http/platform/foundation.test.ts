import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { OPERATION_IDS, toOpenApiPath } from '@tuma/koa-adapter';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

describe(`HTTP foundation on ${databaseKind()}`, () => {
  let api: TestServer;
  let liveKey: string;
  let testKey: string;

  const log: string[] = [];

  before(async () => {
    api = await startTestServer({}, { log: (line) => log.push(line) });
    liveKey = api.started.demo!.liveKey;
    testKey = api.started.demo!.testKey;
  });
  after(async () => api.stop());

  describe('health, OpenAPI and the explorer', () => {
    it('answers liveness without the database, and readiness with the database and the queue up', async () => {
      const res = await api.request('GET', '/health');
      expect(res.status).to.equal(200);
      // The API document's version, and the build's: the product's version and the checkout's commit (run from the sources).
      const product = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
      const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
      expect(res.body).to.deep.equal({ status: 'ok', version: '1.0.0', build: { version: product.version, commit: head } });
      expect(res.headers.get('x-request-id')).to.match(/^req_/);
      const ready = await api.request('GET', '/health/ready');
      expect(ready.status).to.equal(200);
      expect(ready.body.database).to.deep.equal({ status: 'up', kind: databaseKind() });
      expect(ready.body.queue).to.deep.equal({ status: 'up' });
      expect(ready.body.build).to.deep.equal(res.body.build);
    });

    it('names in readiness the secrets a fleet must share that this process keeps alone', async () => {
      // The test server takes payments with the built-in checkout, which signs with HOSTED_CHECKOUT_SECRET.
      const fleetSecrets = ['WEBHOOK_SECRET_KEY', 'VERIFY_PEPPER', 'AUTH_JWT_PRIVATE_KEY', 'CONSOLE_COOKIE_KEY', 'MAIL_TOKEN_KEY', 'MAIL_SRS_KEY', 'LINKS_VISITOR_SALT', 'HOSTED_CHECKOUT_SECRET'];
      const { secrets } = (await api.request('GET', '/health/ready')).body;
      expect(secrets).to.deep.equal({ status: 'local', local: fleetSecrets });
      // On PostgreSQL a second process could start beside this one: the start names them too.
      const warning = log.map((line) => JSON.parse(line)).find((entry) => entry.level === 'warn' && Array.isArray(entry.secrets));
      expect(warning?.secrets).to.deep.equal(databaseKind() === 'postgresql' ? secrets.local : undefined);
    });

    it('serves OpenAPI 3.1 covering every mounted route, and nothing else', async () => {
      const res = await api.request('GET', '/openapi.json');
      expect(res.status).to.equal(200);
      expect(res.body.openapi).to.equal('3.1.0');
      // Each operation once, its mirrors (/v1/...) named in x-aliases.
      const documented = Object.entries(res.body.paths as Record<string, Record<string, { 'x-aliases'?: string[] }>>).flatMap(([path, item]) =>
        Object.entries(item).flatMap(([method, operation]) => [path, ...(operation['x-aliases'] ?? [])].map((served) => `${method} ${served}`)),
      );
      const mounted = api.server.mountedRoutes.sms!.map((route) => `${route.method} ${toOpenApiPath(route.path)}`);
      expect(documented.sort()).to.deep.equal([...mounted].sort());
      const create = res.body.paths['/api/admin/accounts'].post;
      expect(create.requestBody.content['application/json'].schema.properties).to.have.keys('email', 'wallet_currency');
      expect(res.body.paths['/v1/auth/me'], 'mirrors are not listed twice').to.equal(undefined);
      expect(res.body.paths['/api/auth/me'].get).to.deep.include({ operationId: 'getCurrentAccount', security: [{ bearerAuth: [] }, { sessionAuth: [] }], 'x-aliases': ['/v1/auth/me'] });
      expect(res.body.servers).to.deep.equal([{ url: '/', description: 'This server' }]);
      const send = res.body.paths['/api/messages/send'].post.requestBody.content['application/json'].schema.properties;
      expect([send.to.examples, send.route.examples], 'realistic examples').to.deep.equal([['+254712345678'], ['SVC_KE']]);
      // The send's 409: duplicate_message with duplicate_of, or (Idempotency-Key) idempotency_key_in_progress with retry_after.
      const [duplicate, inProgress] = res.body.paths['/api/messages/send'].post.responses['409'].content['application/json'].schema.allOf[1].anyOf;
      expect(duplicate.allOf[1].properties.error.properties, 'extra error fields per route').to.have.property('duplicate_of');
      expect(inProgress.allOf[1].properties.error.properties).to.have.property('retry_after');
      const operations = Object.values(res.body.paths as Record<string, Record<string, any>>).flatMap((item) => Object.values(item));
      expect(new Set(operations.map((op) => op.operationId)).size, 'unique operation ids').to.equal(operations.length);
      const named = new Set(Object.values(OPERATION_IDS));
      expect(operations.map((op) => op.operationId).filter((id) => !named.has(id)), 'every operation named in OPERATION_IDS').to.deep.equal([]);
      for (const op of operations) {
        expect(op.description, op.operationId).to.be.a('string').and.not.equal('');
        expect(op.tags, op.operationId).to.have.length(1);
        for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
          // Health answers 503 with its own report and pages answer HTML; every other error is the one error body.
          if (Number(status) >= 400 && op.tags[0] !== 'Health' && !response.content?.['text/html']) {
            const schema = response.content?.['application/json']?.schema;
            expect(schema?.$ref ?? schema?.allOf?.[0]?.$ref, `${op.operationId} ${status}`).to.equal('#/components/schemas/Error');
          }
        }
      }
      expect(res.body.tags.map((tag: { name: string }) => tag.name)).to.include.members(operations.map((op) => op.tags[0]));
    });

    it('serves the explorer from local assets only', async () => {
      const page = await api.request('GET', '/docs');
      expect(page.status).to.equal(200);
      expect(page.headers.get('content-type')).to.contain('text/html');
      const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(sources.length).to.be.greaterThan(2);
      for (const source of sources) {
        expect(source.startsWith('/docs/')).to.equal(true, source);
        expect((await api.request('GET', source)).status).to.equal(200, source);
      }
      expect((await api.request('GET', '/docs/..%2Fpackage.json')).status).to.equal(404);
    });
  });

  describe('errors', () => {
    it('answers unknown routes with 404 and wrong methods with 405, as JSON', async () => {
      const missing = await api.request('GET', '/api/nothing-here');
      expect(missing.status).to.equal(404);
      expect(missing.body.error.code).to.equal('not_found');
      const wrong = await api.request('DELETE', '/api/admin/accounts', { key: ADMIN_KEY });
      expect(wrong.status).to.equal(405);
      expect(wrong.body.error.code).to.equal('method_not_allowed');
      expect(wrong.headers.get('allow')).to.contain('POST');
    });

    it('answers 401 for a missing, malformed, unknown or tampered key', async () => {
      for (const headers of [{} as Record<string, string>, { Authorization: 'Basic abc' }, { Authorization: 'Bearer svc_live_nope' }, { Authorization: `Bearer ${liveKey}x` }]) {
        const res = await api.request('GET', '/api/auth/me', { headers });
        expect(res.status).to.equal(401, JSON.stringify(headers));
        expect(res.body.error.code).to.equal('unauthorized');
        expect(res.headers.get('www-authenticate')).to.equal('Bearer');
      }
    });

    it('answers 403 insufficient_scope to a customer key on operator routes and to the operator key on customer routes', async () => {
      const customer = await api.request('POST', '/api/admin/accounts', { key: liveKey, body: { email: 'a@b.co' } });
      expect(customer.status).to.equal(403);
      expect(customer.body.error).to.deep.include({ code: 'insufficient_scope', required: ['admin'] });
      const operator = await api.request('GET', '/api/auth/me', { key: ADMIN_KEY });
      expect(operator.status).to.equal(403);
      expect(operator.body.error.code).to.equal('insufficient_scope');
    });

    it('answers 400 for malformed JSON, 413 for oversized bodies and 415 for non-JSON bodies', async () => {
      const malformed = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, rawBody: '{"email":', headers: { 'Content-Type': 'application/json' } });
      expect(malformed.status).to.equal(400);
      expect(malformed.body.error.code).to.equal('invalid_json');
      const huge = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'x'.repeat(3 * 1024 * 1024) } });
      expect(huge.status).to.equal(413);
      expect(huge.body.error.code).to.equal('payload_too_large');
      const form = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, rawBody: 'email=a', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(form.status).to.equal(415);
    });

    it('answers 422 naming each field for wrong types, unknown fields, missing bodies and bad values', async () => {
      const cases: [unknown, string][] = [
        [{ email: 42 }, 'email'],
        [{ email: 'a@b.co', extra: true }, 'extra'],
        [{}, 'email'],
        [{ email: 'a@b.co', wallet_currency: 'ZZZ' }, 'wallet_currency'],
        [{ email: 'not-an-email' }, 'email'],
        [[1, 2], ''],
      ];
      for (const [body, path] of cases) {
        const res = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body });
        expect(res.status).to.equal(422, JSON.stringify(body));
        expect(res.body.error.code).to.equal('validation_error');
        expect(res.body.error.details.map((d: { path: string }) => d.path)).to.include(path);
      }
      const empty = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY });
      expect(empty.status).to.equal(422);
    });
  });

  describe('operator access and keys', () => {
    it('opens an account, issues keys that work once shown, and scopes default to send/query/webhooks', async () => {
      const account = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'Shop@Example.com', wallet_currency: 'NGN' } });
      expect(account.status).to.equal(201);
      expect(account.body).to.include({ email: 'shop@example.com', wallet_currency: 'NGN', status: 'active', is_admin: false });

      const key = await api.request('POST', `/v1/admin/accounts/${account.body.id}/keys`, { key: ADMIN_KEY, body: { environment: 'live', name: 'shop' } });
      expect(key.status).to.equal(201);
      expect(key.body.key).to.match(/^svc_live_/);
      expect(key.body.scopes).to.deep.equal(['send', 'query', 'webhooks']);
      expect(key.body.prefix).to.equal(key.body.key.slice(0, 17));

      const me = await api.request('GET', '/v1/auth/me', { key: key.body.key });
      expect(me.status).to.equal(200);
      expect(me.body).to.include({ id: account.body.id, email: 'shop@example.com' });
      expect(me.body.api_key).to.deep.include({ environment: 'live', livemode: true, prefix: key.body.prefix });

      const duplicate = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'shop@example.com' } });
      expect(duplicate.status).to.equal(409);
      expect(duplicate.body.error.code).to.equal('conflict');
    });

    it('refuses unknown scopes and environments, and unknown accounts', async () => {
      const account = (await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'scopes@example.com' } })).body;
      const scope = await api.request('POST', `/api/admin/accounts/${account.id}/keys`, { key: ADMIN_KEY, body: { environment: 'live', scopes: ['root'] } });
      expect(scope.status).to.equal(422);
      expect(scope.body.error.details[0].path).to.equal('scopes');
      const env = await api.request('POST', `/api/admin/accounts/${account.id}/keys`, { key: ADMIN_KEY, body: { environment: 'staging' } });
      expect(env.status).to.equal(422);
      expect(env.body.error.details[0].path).to.equal('environment');
      const missing = await api.request('POST', '/api/admin/accounts/acc_missing/keys', { key: ADMIN_KEY, body: { environment: 'live' } });
      expect(missing.status).to.equal(404);
    });

    it('revokes a key at once (401 afterwards) and does not reveal it again', async () => {
      const account = (await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'revoke@example.com' } })).body;
      const issued = (await api.request('POST', `/api/admin/accounts/${account.id}/keys`, { key: ADMIN_KEY, body: { environment: 'test' } })).body;
      expect((await api.request('GET', '/api/auth/me', { key: issued.key })).status).to.equal(200);
      const revoked = await api.request('POST', `/api/admin/keys/${issued.id}/revoke`, { key: ADMIN_KEY });
      expect(revoked.status).to.equal(200);
      expect(revoked.body).to.include({ id: issued.id, is_active: false });
      expect(revoked.body).not.to.have.property('key');
      expect((await api.request('GET', '/api/auth/me', { key: issued.key })).status).to.equal(401);
      expect((await api.request('POST', '/api/admin/keys/key_missing/revoke', { key: ADMIN_KEY })).status).to.equal(404);
    });

    it('suspends an account (403 account_suspended) and unsuspends it', async () => {
      const me = (await api.request('GET', '/api/auth/me', { key: testKey })).body;
      const suspended = await api.request('POST', `/api/admin/accounts/${me.id}/suspend`, { key: ADMIN_KEY });
      expect(suspended.body.status).to.equal('suspended');
      const refused = await api.request('GET', '/api/auth/me', { key: testKey });
      expect(refused.status).to.equal(403);
      expect(refused.body.error.code).to.equal('account_suspended');
      await api.request('POST', `/v1/admin/accounts/${me.id}/unsuspend`, { key: ADMIN_KEY });
      expect((await api.request('GET', '/api/auth/me', { key: testKey })).status).to.equal(200);
    });
  });
});
