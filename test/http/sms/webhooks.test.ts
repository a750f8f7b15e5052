import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { databaseKind, testDatabase } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

/** What the local receiver saw of one POST. */
interface Received {
  readonly path: string;
  readonly eventId: string;
  readonly signature: string;
  readonly contentType: string;
  readonly body: string;
}

const verifies = (secret: string, { body, signature }: Received): boolean => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** The server's clock runs 30 s behind: a retry due 10 s after a failure is due at once for pg-boss (which uses database time). */
const behindBy30s = { now: () => new Date(Date.now() - 30_000) };

describe(`HTTP webhooks on ${databaseKind()}`, () => {
  let api: TestServer;
  let receiver: Server;
  let base: string;
  let key: string;
  let queryOnlyKey: string;
  let otherKey: string;
  const received: Received[] = [];
  /** Status codes to answer per path, in turn; 200 when none is left. */
  const script: Record<string, number[]> = {};

  const deliveries = async (query = '') => {
    const res = await api.request('GET', `/api/webhooks/deliveries${query}`, { key });
    expect(res.status, res.text).to.equal(200);
    return res.body;
  };

  before(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const path = req.url!;
        received.push({ path, eventId: String(req.headers['x-webhook-id']), signature: String(req.headers['x-webhook-signature']), contentType: String(req.headers['content-type']), body });
        res.writeHead(script[path]?.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    api = await startTestServer({ WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${port}`, WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64') }, { clock: behindBy30s });
    key = api.started.demo!.liveKey;
    const accountId = api.started.demo!.accountId;
    const issue = async (account: string, scopes?: string[]) => {
      const res = await api.request('POST', `/api/admin/accounts/${account}/keys`, { key: ADMIN_KEY, body: { environment: 'live', ...(scopes ? { scopes } : {}) } });
      expect(res.status, res.text).to.equal(201);
      return res.body.key as string;
    };
    queryOnlyKey = await issue(accountId, ['send', 'query']);
    const other = await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'webhooks.other@example.com' } });
    otherKey = await issue(other.body.id);
  });
  after(async () => {
    await api.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('needs the webhooks scope on every route: 403 insufficient_scope without it, for the operator key too', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/webhooks'],
      ['PUT', '/api/webhooks', { is_active: true }],
      ['POST', '/api/webhooks/rotate-secret'],
      ['POST', '/api/webhooks/test'],
      ['GET', '/api/webhooks/deliveries'],
      ['POST', '/api/webhooks/deliveries/evt_01JAAAAAAAAAAAAAAAAAAAAAAA/redeliver'],
    ];
    for (const [method, path, body] of routes) {
      for (const k of [queryOnlyKey, ADMIN_KEY]) {
        const res = await api.request(method, path, { key: k, ...(body ? { body } : {}) });
        expect(res.status, `${method} ${path}`).to.equal(403);
        expect(res.body.error.code).to.equal('insufficient_scope');
      }
    }
  });

  it('creates the configuration with a whsec_ secret on first read, keeps it, and stores it sealed', async () => {
    const first = await api.request('GET', '/api/webhooks', { key });
    expect(first.status).to.equal(200);
    expect(Object.keys(first.body)).to.deep.equal(['dlr_url', 'mo_url', 'signing_secret', 'is_active']);
    expect(first.body).to.include({ dlr_url: null, mo_url: null, is_active: true });
    expect(first.body.signing_secret).to.match(/^whsec_[A-Za-z0-9]{32}$/);
    expect((await api.request('GET', '/api/webhooks', { key })).body.signing_secret).to.equal(first.body.signing_secret);
    const database = await testDatabase();
    const rows = await database.withContext(() => database.em.execute<{ sealed: string }[]>('select signing_secret_sealed as sealed from webhook_config'));
    expect(rows).to.have.length(1);
    expect(rows[0]!.sealed).to.match(/^v1\./).and.not.include(first.body.signing_secret.slice(6));
  });

  it('refuses private, loopback, metadata and odd-spelling URLs with a 422 naming each field and why', async () => {
    const res = await api.request('PUT', '/api/webhooks', { key, body: { dlr_url: 'http://169.254.169.254/latest/meta-data/', mo_url: 'http://0x7f.1/hook' } });
    expect(res.status).to.equal(422);
    expect(res.body.error.code).to.equal('validation_error');
    expect(res.body.error.details).to.deep.equal([
      { path: 'dlr_url', message: 'Refused: 169.254.169.254 is the cloud metadata service (169.254.169.254/32)', in: 'body' },
      { path: 'mo_url', message: 'Refused: 127.0.0.1 is a loopback address (127.0.0.0/8)', in: 'body' },
    ]);
    for (const [url, reason] of [
      ['http://localhost:8080/', 'Refused: localhost is a loopback name'],
      ['http://[::ffff:10.0.0.1]/', 'Refused: ::ffff:a00:1 is an IPv4-mapped IPv6 address (::ffff:0:0/96)'],
      ['http://2130706433/', 'Refused: 127.0.0.1 is a loopback address (127.0.0.0/8)'],
      ['http://[fd00::1]/', 'Refused: fd00::1 is a unique local address (fc00::/7)'],
      [`${base.replace(/:\d+$/, ':1')}/`, 'Refused: 127.0.0.1 is a loopback address (127.0.0.0/8)'],
      ['ftp://example.com/', 'Must be an http or https URL'],
    ]) {
      const refused = await api.request('PUT', '/api/webhooks', { key, body: { dlr_url: url } });
      expect(refused.status, url).to.equal(422);
      expect(refused.body.error.details, url).to.deep.equal([{ path: 'dlr_url', message: reason, in: 'body' }]);
    }
    const strict = await api.request('PUT', '/api/webhooks', { key, body: { dlrUrl: 'https://example.com/' } });
    expect(strict.status).to.equal(422);
    expect(strict.body.error.details).to.deep.include({ path: 'dlrUrl', message: 'Unknown field', in: 'body' });
    const before = (await api.request('GET', '/api/webhooks', { key })).body;
    const nothing = await api.request('PUT', '/api/webhooks', { key, body: {} });
    expect([nothing.status, nothing.body]).to.deep.equal([200, { status: 'updated' }]);
    expect((await api.request('GET', '/api/webhooks', { key })).body, 'omitted fields unchanged').to.deep.equal(before);
    expect((await api.request('GET', '/api/webhooks', { key })).body).to.include({ dlr_url: null, mo_url: null });
  });

  it('stores allowed URLs (omitted fields unchanged) and sends signed sample events to them, answering the first outcomes', async () => {
    const put = await api.request('PUT', '/api/webhooks', { key, body: { dlr_url: `${base}/dlr`, mo_url: `${base}/mo`, is_active: false } });
    expect(put.status, put.text).to.equal(200);
    expect(put.body).to.deep.equal({ status: 'updated' });
    expect((await api.request('PUT', '/api/webhooks', { key, body: { is_active: true } })).status).to.equal(200);
    const config = (await api.request('GET', '/api/webhooks', { key })).body;
    expect(config).to.include({ dlr_url: `${base}/dlr`, mo_url: `${base}/mo`, is_active: true });

    script['/mo'] = [500];
    const sent = await api.request('POST', '/api/webhooks/test', { key });
    expect(sent.status, sent.text).to.equal(200);
    const [dlr, mo] = sent.body.events;
    expect(dlr).to.include({ type: 'message.delivered', url: `${base}/dlr`, status: 'delivered' });
    expect(dlr.event_id).to.match(/^evt_[0-9A-Z]{26}$/);
    expect(dlr.attempts).to.have.length(1);
    expect(dlr.attempts[0]).to.include({ series: 1, attempt: 1, status_code: 200, error: null, succeeded: true });
    expect(mo).to.include({ type: 'message.inbound', status: 'pending' });
    expect(mo.attempts.map((a: { status_code: number }) => a.status_code)).to.deep.equal([500]);
    expect(mo.next_attempt_at).to.be.a('string');

    const dlrSeen = received.filter((r) => r.eventId === dlr.event_id);
    expect(dlrSeen).to.have.length(1);
    expect(dlrSeen[0]!.contentType).to.equal('application/json');
    expect(verifies(config.signing_secret, dlrSeen[0]!), 'signed with the current secret').to.equal(true);
    expect(JSON.parse(dlrSeen[0]!.body)).to.include({ event: 'message.delivered', status: 'delivered', livemode: false });

    // One real retry through pg-boss: the same event id, signed again, delivered on the second attempt.
    const retried = await until(
      'the retry of the inbound sample',
      async () => (await deliveries()).deliveries.find((d: { event_id: string }) => d.event_id === mo.event_id),
      (entry) => entry.status === 'delivered',
    );
    expect(retried.attempts.map((a: { attempt: number; status_code: number }) => [a.attempt, a.status_code])).to.deep.equal([
      [1, 500],
      [2, 200],
    ]);
    const moSeen = received.filter((r) => r.path === '/mo');
    expect(moSeen.map((r) => r.eventId)).to.deep.equal([mo.event_id, mo.event_id]);
    expect(moSeen.every((r) => verifies(config.signing_secret, r) && r.body === moSeen[0]!.body)).to.equal(true);
  });

  it('rotates the secret: the new one signs the next events, the old one verifies none of them', async () => {
    const old = (await api.request('GET', '/api/webhooks', { key })).body.signing_secret;
    const rotated = await api.request('POST', '/api/webhooks/rotate-secret', { key });
    expect(rotated.status).to.equal(200);
    expect(Object.keys(rotated.body)).to.deep.equal(['signing_secret']);
    expect(rotated.body.signing_secret).to.match(/^whsec_[A-Za-z0-9]{32}$/).and.not.equal(old);
    expect((await api.request('GET', '/api/webhooks', { key })).body.signing_secret).to.equal(rotated.body.signing_secret);

    const sent = await api.request('POST', '/api/webhooks/test', { key });
    const ids = sent.body.events.map((e: { event_id: string }) => e.event_id);
    const seen = received.filter((r) => ids.includes(r.eventId));
    expect(seen).to.have.length(2);
    expect(seen.every((r) => verifies(rotated.body.signing_secret, r))).to.equal(true);
    expect(seen.some((r) => verifies(old, r))).to.equal(false);
  });

  it('lists deliveries newest first with paging, each with its attempts; other accounts see none of them', async () => {
    const all = await deliveries('?limit=100');
    expect(all.total).to.equal(4);
    expect(all.deliveries.map((d: { type: string }) => d.type)).to.have.members(['message.delivered', 'message.inbound', 'message.delivered', 'message.inbound']);
    const created = all.deliveries.map((d: { created_at: string }) => d.created_at);
    expect([...created].sort().reverse()).to.deep.equal(created);
    expect(Object.keys(all.deliveries[0])).to.deep.equal(['event_id', 'type', 'url', 'status', 'created_at', 'next_attempt_at', 'attempts']);
    expect(Object.keys(all.deliveries[0].attempts[0])).to.deep.equal(['series', 'attempt', 'at', 'url', 'status_code', 'latency_ms', 'error', 'succeeded']);
    const page = await deliveries('?page=1&limit=3');
    expect(page).to.include({ total: 4, page: 1, limit: 3 });
    expect(page.deliveries.map((d: { event_id: string }) => d.event_id)).to.deep.equal([all.deliveries[3].event_id]);
    expect((await api.request('GET', '/api/webhooks/deliveries?limit=101', { key })).status).to.equal(422);
    const others = await api.request('GET', '/api/webhooks/deliveries', { key: otherKey });
    expect(others.body).to.include({ total: 0 });
  });

  it('redelivers an event: a new series to the current URL with the same event id and body', async () => {
    const [newest] = (await deliveries()).deliveries;
    const before = received.filter((r) => r.eventId === newest.event_id);
    const res = await api.request('POST', `/api/webhooks/deliveries/${newest.event_id}/redeliver`, { key });
    expect(res.status, res.text).to.equal(202);
    expect(res.body).to.include({ event_id: newest.event_id, status: 'pending' });
    const done = await until(
      'the redelivery',
      async () => (await deliveries()).deliveries.find((d: { event_id: string }) => d.event_id === newest.event_id),
      (entry) => entry.attempts.some((a: { series: number }) => a.series === 2),
    );
    expect(done.status).to.equal('delivered');
    expect(done.attempts.map((a: { series: number; attempt: number }) => `${a.series}.${a.attempt}`)).to.deep.equal(['1.1', '2.1']);
    const after = received.filter((r) => r.eventId === newest.event_id);
    expect(after).to.have.length(before.length + 1);
    expect(after.at(-1)!.body).to.equal(before[0]!.body);

    expect((await api.request('POST', `/api/webhooks/deliveries/${newest.event_id}/redeliver`, { key: otherKey })).status).to.equal(404);
    expect((await api.request('POST', '/api/webhooks/deliveries/evt_01JAAAAAAAAAAAAAAAAAAAAAAA/redeliver', { key })).status).to.equal(404);
    const malformed = await api.request('POST', '/api/webhooks/deliveries/msg_1/redeliver', { key });
    expect(malformed.status).to.equal(422);
    expect(malformed.body.error.details[0]).to.include({ path: 'event_id', in: 'path' });
  });

  it('clears URLs with null; test events then have nowhere to go (409)', async () => {
    expect((await api.request('PUT', '/api/webhooks', { key, body: { dlr_url: null, mo_url: null } })).status).to.equal(200);
    expect((await api.request('GET', '/api/webhooks', { key })).body).to.include({ dlr_url: null, mo_url: null, is_active: true });
    const res = await api.request('POST', '/api/webhooks/test', { key });
    expect(res.status).to.equal(409);
    expect(res.body.error.code).to.equal('conflict');
  });
});
