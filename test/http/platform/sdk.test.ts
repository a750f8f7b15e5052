import { expect } from 'chai';
import { verifySmsWebhook } from '@tuma/sdk';
import { accountServiceClient } from '../../support/account-service-client.ts';
import { ok } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, SIMULATOR_DELIVERS_ALL, startTestServer, type TestServer } from '../../support/test-server.ts';
import { until } from '../../support/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.ts';

/**
 * @tuma/sdk against a real server (clients/sdk/README.md): each of the four APIs through its typed
 * client, a paid call's Idempotency-Key, Retry-After on a real throttle, and a real webhook checked
 * with the SDK's helper. Every answer is also checked against its OpenAPI document.
 */
describe(`@tuma/sdk on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let receiver: WebhookReceiver;
  let accountId: string;
  let liveKey: string;

  before(async () => {
    receiver = await startWebhookReceiver();
    api = await startTestServer({ SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL, SIMULATOR_LATENCY_MS: '5-30', WEBHOOK_ALLOW_HOSTS: receiver.host, PASSWORD_HASH_COST: '10' });
    accountId = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'sdk@example.com' } }), 201).id;
    liveKey = ok(await api.request('POST', `/api/admin/accounts/${accountId}/keys`, { key: ADMIN_KEY, body: { environment: 'live' } }), 201).key;
    ok(await api.request('POST', `/api/admin/balances/${accountId}/credit`, { key: ADMIN_KEY, body: { amount: 50, reason: 'sdk suite', reference: 'sdk-1' } }));
  });
  after(async () => {
    await api.stop();
    await receiver.close();
  });

  it('sends an SMS once under one idempotencyKey however often it is called, and charges once', async () => {
    const sms = api.sdk.sms(liveKey);
    const before = (await sms.GET('/api/balance')).data!;
    const first = await sms.POST('/api/messages/send', { body: { to: '+254712345678', text: 'Your order KE-1042 has shipped' }, idempotencyKey: 'order-KE-1042' });
    const again = await sms.POST('/api/messages/send', { body: { to: '+254712345678', text: 'Your order KE-1042 has shipped' }, idempotencyKey: 'order-KE-1042' });
    expect(first.response.status).to.equal(200);
    expect(again.data!.id).to.equal(first.data!.id);
    expect(again.response.headers.get('Idempotent-Replayed')).to.equal('true');
    const after = (await sms.GET('/api/balance')).data!;
    expect(Number(before.balance) - Number(after.balance)).to.be.closeTo(Number(first.data!.cost), 1e-9);
    const read = await sms.GET('/api/messages/{id}', { params: { path: { id: first.data!.id } } });
    expect(read.data!.phone).to.equal('+254712345678');
  });

  it("starts a verification, and answers an API's refusal as its typed error body", async () => {
    const sms = api.sdk.sms(liveKey);
    const started = await sms.POST('/v1/verify/start', { body: { to: '+254712000301' } });
    expect(started.response.status).to.equal(201);
    expect(started.data!.status).to.equal('pending');
    const refused = await sms.POST('/api/messages/send', { body: { to: 'not a number', text: 'Habari' } });
    expect(refused.data).to.equal(undefined);
    expect(refused.error!.error.code).to.equal('invalid_phone_number');
  });

  it('signs up through the account service, then uses the mail and links APIs with keys made there', async () => {
    const users = accountServiceClient(() => api, 'sdk-user-');
    const user = await users.signUp();
    const me = await api.sdk.auth(user.token).GET('/v1/me');
    expect(me.data!.account.id).to.equal(user.accountId);

    const mailKey = ok(await api.request('POST', `/api/admin/accounts/${user.accountId}/mail-keys`, { key: ADMIN_KEY, body: { name: 'sdk' } }), 201).key;
    const mail = api.sdk.mail(mailKey);
    const domain = await mail.POST('/v1/domains', { body: { name: 'sdk-shop.example' } });
    expect(domain.response.status).to.equal(201);
    expect((await mail.GET('/v1/domains')).data!.data.map((d) => d.name)).to.include('sdk-shop.example');

    const linksKey = ok(await api.request('POST', `/api/admin/accounts/${user.accountId}/links-keys`, { key: ADMIN_KEY, body: { name: 'sdk' } }), 201).key;
    const link = await api.sdk.links(linksKey).POST('/v1/links', { body: { url: 'https://duka.co.ke/offers/december', slug: 'sdk-dec' } });
    expect(link.response.status).to.equal(201);
    expect(link.data!.slug).to.equal('sdk-dec');
  });

  it("checks a delivery report's X-Webhook-Signature with verifySmsWebhook, and refuses it under another secret", async () => {
    const sms = api.sdk.sms(liveKey);
    expect((await sms.PUT('/api/webhooks', { body: { dlr_url: `${receiver.url}/dlr` } })).data).to.deep.equal({ status: 'updated' });
    const secret = (await sms.GET('/api/webhooks')).data!.signing_secret;
    const sent = (await sms.POST('/api/messages/send', { body: { to: '+254712345679', text: 'Karibu' } })).data!;
    const reportOf = async () => receiver.received.find((r) => r.path === '/dlr' && r.raw.includes(sent.id));
    const report = (await until('the delivery report', reportOf, (found) => found !== undefined))!;
    expect(await verifySmsWebhook({ body: report.raw, headers: report.headers, secret })).to.equal(true);
    expect(await verifySmsWebhook({ body: report.raw, headers: report.headers, secret: 'whsec_someone_else' })).to.equal(false);
  });
});

describe(`@tuma/sdk on a throttled server on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  after(() => api?.stop());

  it('waits what Retry-After says after a 429 and gets the answer, where a client without retries gets the 429', async () => {
    api = await startTestServer({ RATE_LIMIT_PER_SECOND: '2', RATE_LIMIT_BURST: '2' });
    const key = api.started.demo!.testKey;
    const seen: number[] = [];
    const counted = async (request: Request) => {
      const response = await fetch(request);
      seen.push(response.status);
      return response;
    };
    const started = Date.now();
    const patient = await Promise.all(Array.from({ length: 4 }, () => api.sdk.sms(key, { fetch: counted }).GET('/api/balance')));
    expect(patient.map((answer) => answer.response.status)).to.deep.equal([200, 200, 200, 200]);
    expect(seen.filter((status) => status === 429).length).to.be.greaterThan(0);
    expect(Date.now() - started).to.be.at.least(900);
    const hasty = await Promise.all(Array.from({ length: 4 }, () => api.sdk.sms(key, { retry: false }).GET('/api/balance')));
    const throttled = hasty.find((answer) => answer.response.status === 429)!;
    expect(throttled.response.headers.get('Retry-After')).to.match(/^\d+$/);
    expect(throttled.error!.error.code).to.equal('rate_limited');
  });
});
