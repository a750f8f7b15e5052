import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createLinksClient, createMailClient, createSmsClient } from '../src/index.ts';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** A local HTTP server answering each request from a queue of statuses (200 when empty), recording what it got. */
async function recordingServer() {
  const seen: Seen[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    seen.push({ method: request.method!, url: request.url!, headers: request.headers });
    request.resume().on('end', () => {
      const status = statuses.shift() ?? 200;
      response.writeHead(status, { 'Content-Type': 'application/json', ...(status === 503 ? { 'Retry-After': '0' } : {}) });
      response.end(JSON.stringify(status === 200 ? { ok: true } : { error: { code: 'service_unavailable', message: 'later' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, statuses, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('sdk: an API client', () => {
  let server: Awaited<ReturnType<typeof recordingServer>>;
  beforeEach(async () => (server = await recordingServer()));
  afterEach(() => server.close());

  it("sends the key as a bearer token to the API's mount on the shared port, or to the URL of an API on its own", async () => {
    const sms = createSmsClient({ baseUrl: `${server.url}/`, apiKey: 'svc_test_abc' });
    const mail = createMailClient({ baseUrl: server.url, apiKey: async () => 'svc_k_fresh' });
    const links = createLinksClient({ apiUrl: `${server.url}/short`, apiKey: 'svc_l_abc' });
    await sms.GET('/api/balance');
    await mail.GET('/v1/domains');
    await links.GET('/v1/links/{id}', { params: { path: { id: 'lnk_1' } } });
    expect(server.seen.map((s) => [s.url, s.headers.authorization])).to.deep.equal([
      ['/api/balance', 'Bearer svc_test_abc'],
      ['/mail/v1/domains', 'Bearer svc_k_fresh'],
      ['/short/v1/links/lnk_1', 'Bearer svc_l_abc'],
    ]);
    expect(() => createSmsClient({})).to.throw(TypeError, 'baseUrl');
  });

  it('gives a paid call an Idempotency-Key of its own, the same on its retries, and a new one on the next call', async () => {
    const sms = createSmsClient({ baseUrl: server.url, apiKey: 'svc_live_abc' });
    server.statuses.push(503);
    const first = await sms.POST('/api/messages/send', { body: { to: '+254712345678', text: 'Habari' } });
    expect(first.response.status).to.equal(200);
    await sms.POST('/api/messages/send', { body: { to: '+254712345678', text: 'Habari' } });
    const keys = server.seen.map((s) => s.headers['idempotency-key']);
    expect(keys).to.have.length(3);
    expect(keys[0]).to.match(/^sdk-[0-9a-f-]{36}$/);
    expect(keys[1]).to.equal(keys[0]);
    expect(keys[2]).to.not.equal(keys[0]);
  });

  it("sends the caller's idempotencyKey, and no key on a call that takes none (and is not retried after a 503)", async () => {
    const sms = createSmsClient({ baseUrl: server.url, apiKey: 'svc_live_abc' });
    await sms.POST('/api/messages/send', { body: { to: '+254712345678', text: 'Habari' }, idempotencyKey: 'order-KE-1042' });
    server.statuses.push(503);
    const template = await sms.POST('/api/templates', { body: { name: 'shipped', text: 'Your order {{order}} has shipped' } });
    expect(template.error).to.deep.include({ error: { code: 'service_unavailable', message: 'later' } });
    expect(server.seen.map((s) => [s.url, s.headers['idempotency-key']])).to.deep.equal([
      ['/api/messages/send', 'order-KE-1042'],
      ['/api/templates', undefined],
    ]);
  });
});
