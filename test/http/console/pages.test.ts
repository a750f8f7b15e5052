import { expect } from 'chai';
import { ConsoleClient } from '../../support/console-client.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const PASSWORD = 'correct horse battery staple 42';
const unescape = (html: string) => html.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

describe('web console pages over HTTP: the getting-started curl, and tenants apart', () => {
  let api: TestServer;

  before(async () => {
    api = await startTestServer({ PASSWORD_HASH_COST: '10', SIMULATOR_LATENCY_MS: '5-30' });
  });
  after(async () => api.stop());

  async function signedIn(email: string): Promise<ConsoleClient> {
    const client = new ConsoleClient(`${api.baseUrl}/app`);
    await client.get('/sign-up');
    expect((await client.post('/sign-up', { email, password: PASSWORD })).status).to.equal(201);
    await client.get('/sign-in');
    expect((await client.post('/sign-in', { email, password: PASSWORD })).status).to.equal(303);
    await client.get('/');
    return client;
  }

  it("hands out a getting-started curl that works as shown, with a test key made for it (shown once)", async () => {
    const client = await signedIn('curl@example.com');
    const page = await client.postAndFollow('/getting-started/test-key', {});
    expect(page.status).to.equal(200);
    const curl = unescape(/<code id="first-curl">([\s\S]*?)<\/code>/.exec(page.html)![1]!);
    const url = /curl (\S+)/.exec(curl)![1]!;
    const key = /Bearer (svc_test_\S+)"/.exec(curl)![1]!;
    const body = /-d '(.*)'/.exec(curl)![1]!;
    const sent = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body });
    expect(sent.status, await sent.clone().text()).to.equal(200);
    expect(((await sent.json()) as { status: string }).status).to.equal('sent');
    // A reload of the page shows the key no more, and makes no second one.
    expect((await client.get('/')).html).to.not.contain(key);
    expect((await client.get('/developers/keys')).html.match(/\/developers\/keys\/key_[0-9A-Za-z]+\/revoke/g)?.length, 'one key made').to.equal(1);
  });

  it("answers 404 for another account's message, key and webhook event, and changes nothing", async () => {
    const owner = await signedIn('owner@example.com');
    const sent = await owner.post('/sms/send', { environment: 'test', to: '+254712345678', text: 'mine' });
    expect(sent.status).to.equal(303);
    const messageUrl = sent.location!.replace(/^\/app/, '');
    expect((await owner.get(messageUrl)).status).to.equal(200);
    const created = await owner.postAndFollow('/developers/keys', { environment: 'test', scopes: 'send', name: 'owner key' });
    const keyId = /\/developers\/keys\/(key_[0-9A-Za-z]+)\/revoke/.exec(created.html)![1]!;

    const stranger = await signedIn('stranger@example.com');
    expect((await stranger.get(messageUrl)).status).to.equal(404);
    await stranger.get('/developers/keys');
    expect((await stranger.post(`/developers/keys/${keyId}/revoke`, {})).status).to.equal(404);
    await stranger.get('/developers/webhooks');
    expect((await stranger.post('/developers/webhooks/deliveries/evt_01JZ0000000000000000000000/redeliver', {})).status).to.equal(404);
    expect((await owner.get('/developers/keys')).html).to.contain(`/developers/keys/${keyId}/revoke`);
  });

  it('keeps live sends, single and bulk, from an account whose address is not verified (403), as its live keys are; the sandbox works', async () => {
    const client = await signedIn('unverified@example.com');
    await client.get('/sms/send');
    const single = await client.post('/sms/send', { environment: 'live', to: '+254712345678', text: 'live' });
    expect(single.status).to.equal(403);
    expect(single.html).to.match(/verif/i);
    await client.get('/sms/bulk');
    const bulk = await client.post('/sms/bulk', { environment: 'live', recipients: '+254712345678', text: 'live' });
    expect(bulk.status).to.equal(403);
    expect((await client.get('/sms/messages?environment=live')).html).to.contain('No messages match.');
    expect((await client.post('/sms/send', { environment: 'test', to: '+254712345678', text: 'sandbox' })).status).to.equal(303);
  });

  it('loads nothing from another origin and under 200 KB of script per page', async () => {
    const client = await signedIn('assets@example.com');
    for (const path of ['/', '/sms/send', '/sms/messages', '/developers/keys', '/developers/webhooks', '/billing', '/team']) {
      const { html } = await client.get(path);
      const sources = [...html.matchAll(/<(?:script|link|img)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
      expect(sources, path).to.deep.equal(['/app/assets/console.css', '/app/assets/console.js']);
      expect(html, `${path}: no inline script`).to.not.match(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
    const script = await fetch(`${api.baseUrl}/app/assets/console.js`);
    expect(script.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
    expect((await script.arrayBuffer()).byteLength).to.be.below(200 * 1024);
  });

  it('answers an unknown page 404 and a wrong method 405, as pages with the console headers', async () => {
    const missing = await fetch(`${api.baseUrl}/app/no-such-page`);
    expect([missing.status, missing.headers.get('content-type')]).to.deep.equal([404, 'text/html; charset=utf-8']);
    expect(missing.headers.get('content-security-policy')).to.contain("form-action 'self'");
    expect(await missing.text()).to.contain('There is no such page in the console.');
    const wrong = await fetch(`${api.baseUrl}/app/sign-out`);
    expect([wrong.status, wrong.headers.get('allow')]).to.deep.equal([405, 'POST']);
  });

  it('counts console requests against the rate limits (RateLimit-* headers on every page)', async () => {
    const page = await fetch(`${api.baseUrl}/app/sign-in`);
    expect(page.status).to.equal(200);
    expect(Number(page.headers.get('ratelimit-limit'))).to.be.greaterThan(0);
    expect(page.headers.get('ratelimit-remaining')).to.match(/^\d+$/);
  });
});

describe('web console pages over HTTP: held to the client address limit before sign-in', () => {
  let api: TestServer;

  before(async () => {
    api = await startTestServer({ PASSWORD_HASH_COST: '10', RATE_LIMIT_IP_PER_SECOND: '1', RATE_LIMIT_IP_BURST: '3' });
  });
  after(async () => api.stop());

  it('answers 429 with Retry-After as an HTML page once the address is over its budget', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await fetch(`${api.baseUrl}/app/forgot-password`));
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused, 'a request past the burst is refused').to.not.equal(undefined);
    expect(refused!.headers.get('retry-after')).to.match(/^\d+$/);
    expect(refused!.headers.get('content-type')).to.contain('text/html');
    expect(await refused!.text()).to.contain('Too many requests');
  });
});
