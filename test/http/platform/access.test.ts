import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly scopes: readonly string[];
  /** Takes API keys (else only a signed-in user's access token). */
  readonly keyed: boolean;
}

const CUSTOMER_SCOPES = ['send', 'query', 'webhooks', 'two_way'] as const;

/** A concrete path for a templated one: access is decided before any parameter is read. */
const concrete = (path: string): string => path.replace(/\{[^}]+\}/g, 'x1');

/**
 * Who may call what, for every secured operation of /openapi.json, so a new route cannot forget it:
 * no key -> 401; the operator key on customer routes and customer keys on operator routes -> 403;
 * a key holding every scope but the ones a route accepts -> 403 insufficient_scope naming them; a
 * key on a route that takes only an access token -> 401.
 */
describe(`HTTP access on every documented route on ${databaseKind()}`, () => {
  let api: TestServer;
  let operations: Operation[];
  const keyWith = new Map<string, string>();

  before(async () => {
    api = await startTestServer();
    const document = (await api.request('GET', '/openapi.json')).body;
    operations = Object.entries(document.paths as Record<string, Record<string, { 'x-required-scopes'?: string[]; security?: Record<string, unknown>[] }>>).flatMap(
      ([path, item]) =>
        Object.entries(item)
          .filter(([, operation]) => (operation.security ?? []).length > 0)
          .map(([method, operation]) => ({
            method: method.toUpperCase(),
            path,
            scopes: operation['x-required-scopes'] ?? [],
            keyed: operation.security!.some((scheme) => 'bearerAuth' in scheme),
          })),
    );
    const accountId = api.started.demo!.accountId;
    for (const scopes of new Set(operations.filter((operation) => operation.keyed).map((operation) => operation.scopes.join(',')))) {
      const others = CUSTOMER_SCOPES.filter((scope) => !scopes.split(',').includes(scope));
      if (others.length === 0) continue;
      const res = await api.request('POST', `/api/admin/accounts/${accountId}/keys`, { key: ADMIN_KEY, body: { environment: 'live', scopes: others } });
      expect(res.status, res.text).to.equal(201);
      keyWith.set(scopes, res.body.key);
    }
  });
  after(() => api.stop());

  it('finds the operator and customer routes in the document', () => {
    expect(operations.filter((operation) => operation.scopes.includes('admin')).length).to.be.greaterThan(10);
    expect(operations.filter((operation) => !operation.scopes.includes('admin')).length).to.be.greaterThan(20);
  });

  it('answers 401 without a key', async () => {
    for (const { method, path } of operations) {
      const res = await api.request(method, concrete(path));
      expect(res.status, `${method} ${path}`).to.equal(401);
      expect(res.body.error.code).to.equal('unauthorized');
    }
  });

  it('answers 403 insufficient_scope to customer keys on operator routes and to the operator key on customer routes', async () => {
    const allScopes = keyWith.get('admin')!;
    for (const { method, path, scopes } of operations.filter((operation) => operation.keyed)) {
      const res = await api.request(method, concrete(path), { key: scopes.includes('admin') ? allScopes : ADMIN_KEY });
      expect(res.status, `${method} ${path}`).to.equal(403);
      expect(res.body.error).to.deep.include({ code: 'insufficient_scope', required: scopes });
    }
  });

  it('answers 403 insufficient_scope to a customer key holding every other scope', async () => {
    const customerOperations = operations.filter((operation) => operation.keyed && !operation.scopes.includes('admin'));
    let checked = 0;
    for (const { method, path, scopes } of customerOperations) {
      const key = keyWith.get(scopes.join(','));
      if (!key) continue; // a route open to every customer scope has no "other" key
      const res = await api.request(method, concrete(path), { key });
      expect(res.status, `${method} ${path}`).to.equal(403);
      expect(res.body.error).to.deep.include({ code: 'insufficient_scope', required: scopes });
      checked += 1;
    }
    expect(checked).to.be.greaterThan(10);
  });

  it('answers 401 to a key on routes that take only an access token', async () => {
    const sessionOnly = operations.filter((operation) => !operation.keyed);
    expect(sessionOnly.length).to.be.greaterThan(0);
    for (const { method, path } of sessionOnly) {
      const res = await api.request(method, concrete(path), { key: ADMIN_KEY });
      expect([res.status, res.body.error.code], `${method} ${path}`).to.deep.equal([401, 'unauthorized']);
    }
  });
});
