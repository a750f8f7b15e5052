import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly admin: boolean;
  readonly query: readonly string[];
  readonly jsonBody: boolean;
}

const NUL = '\u0000';
/** Path ids an attacker tries: SQL and path tricks, encodings, sizes, text no column holds. */
const JUNK_IDS = ["1' OR '1'='1", '../../etc/passwd', '%2e%2e%2f%2e%2e%2f', '%E0%A4%A', '%00', '%F0%9F%98', '-1', '0', '99999999999999999999999', 'x'.repeat(4000), 'msg_%00', '%ud800', 'null', '__proto__', 'constructor'];
/** Query values likewise. */
const JUNK_QUERY = ["' OR 1=1--", '%00', '%ff%fe', '-1', '1e309', 'NaN', 'x'.repeat(6000), '[]', '{"$gt":""}', '%E0%A4%A'];
const deepArray = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
/** Bodies: malformed JSON, wrong shapes, huge and deep values, unstorable text. */
const JUNK_BODIES: readonly string[] = [
  '{"a":',
  '[]',
  'null',
  '42',
  '"text"',
  deepArray(2000),
  JSON.stringify({ to: 5, text: ['x'], phone: {}, name: null, email: 7, amount: 'lots', recipients: 'all', url: 1 }),
  JSON.stringify({ to: 'x'.repeat(300_000), text: 'y'.repeat(300_000), name: 'z'.repeat(300_000), email: `${'a'.repeat(300_000)}@b.co` }),
  JSON.stringify({ to: `+254712${NUL}345678`, text: '\ud800', phone: '\udc00', name: NUL, reason: NUL, reference: '\ud800', email: `a${NUL}@b.co` }),
  JSON.stringify({ recipients: [{ to: '+254712345678', vars: { [NUL]: '\ud800' } }], text: '{{x}}', contact_list_ids: [-1, 1e20] }),
  JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } }),
  JSON.stringify({ amount: 1e308, rate: -1, price: '1'.repeat(100), drip_rate: 1e9, scheduled_at: '2026-99-99', limit: -5 }),
];

/**
 * The attacker's probe, kept in the suite: every documented operation, with the key that may call
 * it, gets junk ids, queries and bodies. Nothing may answer 5xx or hang.
 */
describe(`HTTP fuzz of every documented route on ${databaseKind()}`, function () {
  this.timeout(300_000);
  let api: TestServer;
  let customerKey: string;
  let operations: Operation[];

  before(async () => {
    api = await startTestServer();
    const account = api.started.demo!.accountId;
    customerKey = (await api.request('POST', `/api/admin/accounts/${account}/keys`, { key: ADMIN_KEY, body: { environment: 'live', scopes: ['send', 'query', 'webhooks', 'two_way'] } })).body.key;
    const document = (await api.request('GET', '/openapi.json')).body;
    operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        admin: (operation['x-required-scopes'] ?? []).includes('admin'),
        query: (operation.parameters ?? []).filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name),
        jsonBody: Boolean(operation.requestBody?.content?.['application/json']),
      })),
    );
  });
  after(() => api.stop());

  async function probe(operation: Operation, path: string, init: { body?: string; contentType?: string } = {}): Promise<string | undefined> {
    const started = Date.now();
    const response = await fetch(`${api.baseUrl}${path}`, {
      method: operation.method,
      headers: {
        Authorization: `Bearer ${operation.admin ? ADMIN_KEY : customerKey}`,
        ...(init.body === undefined ? {} : { 'Content-Type': init.contentType ?? 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: init.body }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    const took = Date.now() - started;
    if (response.status >= 500 || took > 10_000) return `${operation.method} ${path.slice(0, 120)} ${init.body?.slice(0, 80) ?? ''} -> ${response.status} in ${took} ms: ${text.slice(0, 200)}`;
    return undefined;
  }

  it('finds the operations to probe in /openapi.json', () => {
    expect(operations.length).to.be.greaterThan(50);
  });

  it('answers junk ids and queries on every operation without a 5xx or a hang', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const ids = operation.path.includes('{') ? JUNK_IDS : [''];
      for (const id of ids) {
        const path = operation.path.replace(/\{[^}]+\}/g, id);
        const failure = await probe(operation, path, operation.jsonBody ? { body: '{}' } : {});
        if (failure) failures.push(failure);
      }
      for (const value of JUNK_QUERY) {
        const query = (operation.query.length > 0 ? operation.query : ['x']).map((name) => `${name}=${value}`).join('&');
        const failure = await probe(operation, `${operation.path.replace(/\{[^}]+\}/g, '1')}?${query}`);
        if (failure) failures.push(failure);
      }
    }
    expect(failures).to.deep.equal([]);
  });

  it('answers junk bodies on every operation that takes one without a 5xx or a hang', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter((o) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(o.method))) {
      const path = operation.path.replace(/\{[^}]+\}/g, '1');
      for (const body of JUNK_BODIES) {
        const failure = await probe(operation, path, { body });
        if (failure) failures.push(failure);
      }
      const csv = await probe(operation, path, { body: `phone,name\n+254712345678,${NUL}\n`, contentType: 'text/csv' });
      if (csv) failures.push(csv);
    }
    expect(failures).to.deep.equal([]);
  });
});
