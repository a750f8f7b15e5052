import { expect } from 'chai';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { Database } from '@tuma/mikro-orm-adapter';
import { accountServiceClient, PASSWORD } from '../../support/account-service-client.ts';
import { ConsoleClient, signedInConsole } from '../../support/console-client.ts';
import { privatePostgresMissing, skipBecause, startPrivatePostgres, type PrivatePostgres } from '../../support/private-postgres.ts';
import { ok } from '../../support/responses.ts';
import { ADMIN_KEY, startTestServer, type TestResponse, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { until } from '../../support/until.ts';

/**
 * A database outage seen from every API, and what resumes after it (docs/reliability.md), on a
 * private PostgreSQL cluster stopped (immediate) and started again under a server in this process:
 * each API, the console, a short link and a branded domain answer 503 service_unavailable with Retry-After while it
 * is down (every JSON answer checked against its API's OpenAPI document); after it, jobs run again,
 * clicks are flushed, the shared rate-limit counters are written, and the caches' LISTEN hears
 * again (a cache is trusted, and emptied by a notification, once more).
 */
const BROWSER = { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' };

/** A GET naming another `Host` (fetch keeps the URL's). */
function brandedHostRequest(url: string, host: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers: { Host: host } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

describe('a database outage: every API answers 503, background work resumes (private PostgreSQL cluster)', function () {
  this.timeout(120_000);
  let cluster: PrivatePostgres | undefined;
  let database: Database | undefined;
  let api: TestServer;

  before(async function () {
    const missing = privatePostgresMissing();
    if (missing) skipBecause(this, missing);
    cluster = await startPrivatePostgres();
    database = await Database.open({ url: cluster.url, dataDir: 'memory://', poolSize: 10 });
    await database.migrate();
    api = await startTestServer(
      { DATABASE_URL: cluster.url, PASSWORD_HASH_COST: '10', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL, WEBHOOK_ALLOW_HOSTS: 'shop.example', CLICK_FLUSH_MS: '200' },
      { database },
    );
  });
  after(async () => {
    await api?.stop();
    await database?.close();
    await cluster?.destroy();
  });

  const sql = <T>(text: string, values: unknown[] = []) => database!.withContext(() => database!.em.execute<T[]>(text, values));

  const expectUnavailable = (answer: TestResponse | { status: number; headers: Headers; body?: unknown }, what: string) => {
    expect([answer.status, answer.headers.get('retry-after')], what).to.deep.equal([503, '5']);
  };

  it('answers 503 service_unavailable with Retry-After on every API, the console, the short links and branded domains while the database is down, and serves again once it is back', async () => {
    const account = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'outage-apis@example.com' } }), 201);
    const smsKey = ok(await api.request('POST', `/api/admin/accounts/${account.id}/keys`, { key: ADMIN_KEY, body: { environment: 'live' } }), 201).key as string;
    const linksKey = ok(await api.request('POST', `/api/admin/accounts/${account.id}/links-keys`, { key: ADMIN_KEY, body: { name: 'all' } }), 201).key as string;
    const mailKey = ok(await api.request('POST', `/api/admin/accounts/${account.id}/mail-keys`, { key: ADMIN_KEY, body: { name: 'all', permissions: ['send', 'read', 'manage'] } }), 201).key as string;
    const link = ok(await api.request('POST', '/v1/links', { api: 'links', key: linksKey, body: { url: 'https://shop.example/outage' } }), 201);
    const user = await accountServiceClient(() => api, 'outage-').signUp();
    const member: ConsoleClient = await signedInConsole(`${api.baseUrl}/app`, 'outage-console@example.com', PASSWORD);
    expect((await member.get('/')).status).to.equal(200);

    await cluster!.stop();
    const answers: [string, TestResponse][] = [
      ['SMS', await api.request('GET', '/api/messages/status?ids=msg_1', { key: smsKey })],
      ['Verify', await api.request('POST', '/v1/verify/start', { key: smsKey, body: { to: '+254712345678' } })],
      ['Two-Way', await api.request('GET', '/api/two-way/services', { key: smsKey })],
      ['auth', await api.request('GET', '/v1/me', { api: 'auth', key: user.token })],
      ['mail', await api.request('GET', '/v1/domains', { api: 'mail', key: mailKey })],
      ['links', await api.request('GET', `/v1/links/${link.id}`, { api: 'links', key: linksKey })],
    ];
    for (const [name, answer] of answers) {
      expectUnavailable(answer, name);
      expect(answer.body.error, name).to.include({ code: 'service_unavailable', retry_after: 5 });
    }
    const page = await fetch(`${api.baseUrl}/app/`, { headers: { Cookie: `tuma_console=${member.cookieValue}` }, redirect: 'manual' });
    expectUnavailable(page, 'console');
    expect(await page.text()).to.include('cannot reach its database');
    const redirect = await fetch(`${api.baseUrl}/s/${link.slug}`, { headers: BROWSER, redirect: 'manual' });
    expectUnavailable(redirect, 'short link');
    expect(((await redirect.json()) as { error: { code: string } }).error.code).to.equal('service_unavailable');
    const branded = await brandedHostRequest(`${api.baseUrl}/spring`, 'go.shop.example');
    expect([branded.status, branded.headers['retry-after'], JSON.parse(branded.body).error.code], 'a branded domain (its host looked up)').to.deep.equal([503, '5', 'service_unavailable']);
    expect((await fetch(`${api.baseUrl}/health`)).status, 'liveness needs no database').to.equal(200);

    await cluster!.start();
    const back = Date.now();
    await until('the SMS API serving again', async () => (await api.request('GET', '/api/two-way/services', { key: smsKey })).status, (status) => status === 200, 5_000);
    expect(Date.now() - back).to.be.at.most(5_000);
    expect((await member.get('/')).status, 'the console again').to.equal(200);
  });

  it('resumes its background work by itself once the database is back: jobs run, clicks are flushed, rate-limit counters are shared, and the caches hear changes again', async () => {
    const account = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'outage-background@example.com' } }), 201);
    const newKey = async () => ok(await api.request('POST', `/api/admin/accounts/${account.id}/keys`, { key: ADMIN_KEY, body: { environment: 'live' } }), 201) as { id: string; key: string };
    const sms = await newKey();
    const cached = await newKey();
    const missed = await newKey();
    ok(await api.request('POST', `/api/admin/balances/${account.id}/credit`, { key: ADMIN_KEY, body: { amount: 100, reason: 'outage test', reference: 'outage-background' } }));
    ok(await api.request('POST', '/api/admin/fx-rates', { key: ADMIN_KEY, body: { from: 'USD', to: 'KES', rate: '129.5' } }), 201);
    const linksKey = ok(await api.request('POST', `/api/admin/accounts/${account.id}/links-keys`, { key: ADMIN_KEY, body: { name: 'all' } }), 201).key as string;
    const link = ok(await api.request('POST', '/v1/links', { api: 'links', key: linksKey, body: { url: 'https://shop.example/resume' } }), 201);
    const services = (key: string) => api.request('GET', '/api/two-way/services', { key }).then((answer) => answer.status);
    expect([await services(missed.key), await services(cached.key)], 'both keys in the access cache').to.deep.equal([200, 200]);
    const listening = async () => (await sql<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = 'tuma-listen' and query ilike 'listen%'`))[0]!.n;
    await until('the caches listening (again, after the first outage)', listening, (n) => n === 1, 10_000);

    await cluster!.stop();
    expect(await services(sms.key)).to.equal(503);
    await cluster!.start();
    const restartedAt = Date.now();
    // Revoked behind the server's back while it could not hear (no notification): it must not trust what it cached before.
    await sql(`update api_key set revoked_at = now() where id = ?`, [missed.id]);

    // Jobs: a send after the return is submitted by its job and delivered.
    const sent = ok(await api.request('POST', '/api/messages/send', { key: sms.key, body: { to: '+254712345678', text: 'After the outage' } }));
    await until('the send delivered by its job', async () => ok(await api.request('GET', `/api/messages/status?ids=${sent.id}`, { key: sms.key })).messages[0].status, (status) => status === 'delivered');

    // Clicks: one after the return is flushed by the timer.
    expect((await api.request('GET', `/s/${link.slug}`, { headers: BROWSER })).status).to.equal(302);
    await until('the click flushed', async () => ok(await api.request('GET', `/v1/links/${link.id}`, { api: 'links', key: linksKey })).clicks, (clicks) => clicks === 1);

    // The rate-limit store: requests after the return count on the shared counters again (the table is unlogged: emptied by the crash).
    await until('rate-limit counters written after the return', async () => {
      await services(sms.key);
      return (await sql<{ n: number }>(`select count(*)::int as n from rate_limit_counter where expire > ?`, [restartedAt]))[0]!.n;
    }, (n) => n > 0);

    // The caches' LISTEN: back by itself; what was cached before the outage is gone; the cache is trusted again, and a notification empties it.
    await until('the caches listening again', listening, (n) => n === 1, 10_000);
    expect(await services(missed.key), 'a key revoked while nobody heard').to.equal(401);
    expect(await services(cached.key)).to.equal(200);
    await sql(`update api_key set revoked_at = now() where id = ?`, [cached.id]);
    expect(await services(cached.key), 'cached again (trusted while notifications are heard): the silent revocation is not seen').to.equal(200);
    await sql(`select pg_notify('tuma_changes', ?)`, [JSON.stringify({ topic: 'access', message: { keyId: cached.id } })]);
    await until('the notification heard', () => services(cached.key), (status) => status === 401, 5_000);
  });
});
