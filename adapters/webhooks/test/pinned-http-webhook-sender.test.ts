import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { err, ok } from '@tuma/kernel';
import { AllowedHosts, WEBHOOK_TIMEOUT_MS, WebhookDestinations, type AddressPolicy, type HostResolver } from '@tuma/webhooks';
import { BlockListAddressPolicy, PinnedHttpWebhookSender } from '../src/index.ts';

interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A local receiver on 127.0.0.1 answering with `answer` (which may also never answer). */
async function receiver(answer: (res: import('node:http').ServerResponse) => void): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve())).finally(() => server.closeAllConnections());

const noDns: HostResolver = { addresses: async () => err('ENOTFOUND') };
const senderFor = (allow: string, resolver: HostResolver = noDns, policy: AddressPolicy = new BlockListAddressPolicy()) =>
  new PinnedHttpWebhookSender({ destinations: new WebhookDestinations(policy, resolver, AllowedHosts.parse(allow)._unsafeUnwrap()) });

const HEADERS = { 'Content-Type': 'application/json', 'X-Webhook-ID': 'evt_01JAAAAAAAAAAAAAAAAAAAAAAA', 'X-Webhook-Signature': 'sha256=00' };
const BODY = '{"event":"message.inbound","text":"Habari \u{1F600}"}';

describe('PinnedHttpWebhookSender (local receivers)', () => {
  const servers: Server[] = [];
  const listen = async (answer: Parameters<typeof receiver>[0]) => {
    const r = await receiver(answer);
    servers.push(r.server);
    return r;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(close));
  });

  it('POSTs the body byte for byte with the headers to an allowed host, and reports the 2xx', async () => {
    const r = await listen((res) => res.writeHead(204).end());
    const outcome = await senderFor(`127.0.0.1:${r.port}`).post({ url: `http://127.0.0.1:${r.port}/hooks/mo?x=1`, body: BODY, headers: HEADERS, timeoutMs: WEBHOOK_TIMEOUT_MS });
    expect(outcome).to.include({ statusCode: 204, error: null });
    expect(outcome.latencyMs).to.be.a('number').at.least(0);
    expect(r.received).to.have.length(1);
    expect(r.received[0]).to.include({ method: 'POST', url: '/hooks/mo?x=1', body: BODY });
    expect(r.received[0]!.headers).to.include({
      'content-type': 'application/json',
      'x-webhook-id': 'evt_01JAAAAAAAAAAAAAAAAAAAAAAA',
      'x-webhook-signature': 'sha256=00',
      'content-length': String(Buffer.byteLength(BODY)),
    });
  });

  it('does not follow a 302 to an internal address: the attempt fails and the target hears nothing', async () => {
    const internal = await listen((res) => res.writeHead(200).end());
    const redirecting = await listen((res) => res.writeHead(302, { Location: `http://127.0.0.1:${internal.port}/admin` }).end());
    const outcome = await senderFor(`127.0.0.1:${redirecting.port}`).post({ url: `http://127.0.0.1:${redirecting.port}/`, body: BODY, headers: HEADERS, timeoutMs: WEBHOOK_TIMEOUT_MS });
    expect(outcome).to.include({ statusCode: 302, error: `Redirect not followed (302 to http://127.0.0.1:${internal.port}/admin)` });
    expect(internal.received).to.deep.equal([]);
  });

  it('refuses a loopback destination that is not allowed, without connecting', async () => {
    const r = await listen((res) => res.writeHead(200).end());
    const outcome = await senderFor('').post({ url: `http://127.0.0.1:${r.port}/`, body: BODY, headers: HEADERS, timeoutMs: WEBHOOK_TIMEOUT_MS });
    expect(outcome).to.include({ statusCode: null, error: 'Refused: 127.0.0.1 is a loopback address (127.0.0.0/8)' });
    expect(r.received).to.deep.equal([]);
  });

  it('checks again at connection time: a name that now resolves to a refused address is refused (DNS rebinding)', async () => {
    const r = await listen((res) => res.writeHead(200).end());
    const answers = ['93.184.216.34', '127.0.0.1'];
    const rebinding: HostResolver = { addresses: async () => ok([{ address: answers.shift() ?? '127.0.0.1', family: 4 }]) };
    const destinations = new WebhookDestinations(new BlockListAddressPolicy(), rebinding, AllowedHosts.none);
    expect((await destinations.check(`http://rebind.test:${r.port}/`)).isOk(), 'configuration time: public').to.equal(true);
    const outcome = await new PinnedHttpWebhookSender({ destinations }).post({ url: `http://rebind.test:${r.port}/`, body: BODY, headers: HEADERS, timeoutMs: WEBHOOK_TIMEOUT_MS });
    expect(outcome).to.include({ statusCode: null, error: 'Refused: rebind.test resolves to 127.0.0.1, a loopback address (127.0.0.0/8)' });
    expect(r.received).to.deep.equal([]);
  });

  it('connects to the address it checked, keeping the name in the Host header', async () => {
    const r = await listen((res) => res.writeHead(200).end());
    const fixed: HostResolver = { addresses: async () => ok([{ address: '127.0.0.1', family: 4 }]) };
    const allowEverything: AddressPolicy = { blockedReason: () => undefined };
    const outcome = await senderFor('', fixed, allowEverything).post({ url: `http://receiver.invalid:${r.port}/`, body: BODY, headers: HEADERS, timeoutMs: WEBHOOK_TIMEOUT_MS });
    expect(outcome).to.include({ statusCode: 200, error: null });
    expect(r.received[0]!.headers.host).to.equal(`receiver.invalid:${r.port}`);
  });

  it('gives up when no answer comes in time, and reports refused connections', async () => {
    const silent = await listen(() => undefined);
    const late = await senderFor(`127.0.0.1:${silent.port}`).post({ url: `http://127.0.0.1:${silent.port}/`, body: BODY, headers: HEADERS, timeoutMs: 100 });
    expect(late).to.include({ statusCode: null, error: 'No answer within 0.1 s' });

    const closed = await listen((res) => res.end());
    const port = closed.port;
    await close(servers.pop()!);
    const refused = await senderFor(`127.0.0.1:${port}`).post({ url: `http://127.0.0.1:${port}/`, body: BODY, headers: HEADERS, timeoutMs: WEBHOOK_TIMEOUT_MS });
    expect(refused.statusCode).to.equal(null);
    expect(refused.error).to.match(/ECONNREFUSED/);
  });
});
