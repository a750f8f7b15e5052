import { createHmac, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { until } from '../../support/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.ts';

const TEXTER = '+256772123456';
const KYC = ['https://docs.example.com/kyc/registration.pdf'];
/** UGX 30 a segment at USD 1 = UGX 3,700. */
const UG_SMS_USD = 0.008108;

/**
 * Two-Way inbound and replies over HTTP (issue 16, contract 5 and 6): texts to a shared keyword and
 * to a dedicated code through the live simulator's inbound route, their storage and billing, the
 * auto-reply, the copy in the mail outbox, the signed `message.inbound` with the `two_way` block to
 * the account's mo_url (the services have no webhook_url: it must be HTTPS, the local receiver is
 * not), a reply with its delivery report, and an unbilled message of an empty wallet.
 */
describe(`HTTP two-way inbound and replies on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let receiver: WebhookReceiver;

  const admin = (method: string, path: string, body?: unknown) => api.request(method, path, { key: ADMIN_KEY, body });
  const simulate = async (to: string, text: string) => ok(await admin('POST', '/api/admin/simulator/inbound', { from: TEXTER, to, text }));
  const messagesOf = async (key: string, id: number) => ok(await api.request('GET', `/v1/two-way/services/${id}/messages?limit=10`, { key }));

  async function customer(email: string, usd: number): Promise<string> {
    const account = ok(await admin('POST', '/api/admin/accounts', { email, wallet_currency: 'USD' }), 201);
    const key = ok(await admin('POST', `/api/admin/accounts/${account.id}/keys`, { environment: 'live', scopes: ['two_way', 'webhooks'] }), 201).key as string;
    ok(await admin('POST', `/api/admin/balances/${account.id}/credit`, { amount: usd, reason: 'two-way inbound suite', reference: `two-way-inbound:${email}` }));
    ok(await api.request('PUT', '/api/webhooks', { key, body: { mo_url: `${receiver.url}/mo`, dlr_url: `${receiver.url}/dlr` } }));
    return key;
  }
  async function approvedService(key: string, body: Record<string, unknown>, patch: Record<string, unknown> = {}) {
    const requested = ok(await api.request('POST', '/api/two-way/services', { key, body: { country_code: 'UG', use_case: 'Orders', company_name: 'Acme', kyc_document_urls: KYC, ...body } }), 201);
    ok(await admin('POST', `/api/admin/two-way/services/${requested.id}/approve`, {}));
    return Object.keys(patch).length > 0 ? ok(await api.request('PATCH', `/api/two-way/services/${requested.id}`, { key, body: patch })) : requested;
  }

  before(async () => {
    receiver = await startWebhookReceiver();
    api = await startTestServer({
      SIMULATOR_LATENCY_MS: '5-30',
      SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL,
      WEBHOOK_ALLOW_HOSTS: receiver.host,
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    });
    ok(await admin('POST', '/api/admin/fx-rates', { from: 'USD', to: 'UGX', rate: '3700' }), 201);
    ok(await admin('POST', '/api/admin/two-way/short-codes', { number: '6000', country_code: 'UG', kind: 'shared' }), 201);
    ok(await admin('POST', '/api/admin/two-way/short-codes', { number: '6100', country_code: 'UG', kind: 'dedicated' }), 201);
  });
  after(async () => {
    await api?.stop();
    await receiver.close();
  });

  it('a shared keyword in any case: stored and billed, auto-replied from the code, copied to the outbox, signed event with the two_way block', async () => {
    const key = await customer('two-way-inbound@example.com', 1000);
    const service = await approvedService(key, { type: 'shared', keyword: 'PIZZA' }, { auto_reply_enabled: true, auto_reply_text: 'Order received!', forward_email: 'orders@acme.example' });
    const simulated = await simulate('6000', 'pizza large please');

    const event = await until('the message.inbound event', async () => receiver.received.find((e) => e.body.message_id === simulated.message_id), Boolean);
    const { signing_secret: secret } = ok(await api.request('GET', '/api/webhooks', { key }));
    expect(event!.headers['x-webhook-signature']).to.equal(`sha256=${createHmac('sha256', secret).update(event!.raw).digest('hex')}`);
    expect(event!.body).to.deep.include({ event: 'message.inbound', from: TEXTER, to: '6000', text: 'pizza large please', keyword: null, opt_out: false });
    expect(event!.body.two_way).to.deep.equal({ service_id: service.id, number: '6000', keyword: 'PIZZA', type: 'shared', toll_free: false });

    const listed = await until('the auto-reply in the log', () => messagesOf(key, service.id), (page) => page.total === 2);
    const [reply, inbound] = listed.messages;
    expect(inbound).to.deep.include({ id: simulated.message_id, direction: 'inbound', from: TEXTER, to: '6000', keyword: 'PIZZA', phone: TEXTER, status: 'received', billed: true, cost: UG_SMS_USD, auto_reply: false });
    expect(reply).to.deep.include({ direction: 'outbound', from: '6000', to: TEXTER, text: 'Order received!', billed: null, cost: UG_SMS_USD, auto_reply: true });
    const mail = ok(await admin('GET', '/api/admin/outbox?to=orders@acme.example')).messages;
    expect(mail).to.have.length(1);
    expect(mail[0].text).to.contain('pizza large please');
    const transactions = ok(await api.request('GET', '/api/balance/transactions?limit=10', { key })).transactions as { amount: number; kind: string }[];
    expect(transactions.filter((t) => t.kind === 'debit').map((t) => t.amount)).to.deep.equal([-UG_SMS_USD, -UG_SMS_USD]);
  });

  it('a dedicated code takes every text; a reply goes from it, billed per segment, its delivery report to dlr_url; other countries and inactive services are refused', async () => {
    const key = await customer('two-way-dedicated@example.com', 1000);
    const service = await approvedService(key, { type: 'dedicated' });
    expect(ok(await api.request('GET', `/api/two-way/services/${service.id}`, { key })).number).to.equal('6100');
    const simulated = await simulate('6100', 'When do you open?');

    const balance = ok(await api.request('GET', '/api/balance', { key })).balance as number;
    const reply = ok(await api.request('POST', `/api/two-way/services/${service.id}/reply`, { key, body: { to: TEXTER, text: 'We open at 8.' } }));
    expect(reply).to.deep.equal({ id: reply.id, status: 'submitted', segments: 1, cost: UG_SMS_USD, currency: 'USD', balance_after: Number((balance - UG_SMS_USD).toFixed(6)) });
    const report = await until('the reply’s delivery report', async () => receiver.received.find((e) => e.body.message_id === reply.id && e.body.event === 'message.delivered'), Boolean);
    expect(report!.body.sender_id).to.equal('6100');
    const listed = await until('the reply delivered in the log', () => messagesOf(key, service.id), (page) => page.messages[0]?.status === 'delivered');
    expect(listed.messages.map((m: { id: string }) => m.id)).to.deep.equal([reply.id, simulated.message_id]);

    const accountId = ok(await api.request('GET', '/api/auth/me', { key })).id as string;
    const custom = ok(await admin('PUT', `/v1/admin/accounts/${accountId}/prices/ug`, { price_usd: '0.02' }));
    expect(custom).to.deep.equal({ account_id: accountId, country_code: 'UG', price_usd: 0.02, price_source: 'custom' });
    expect(ok(await api.request('POST', `/api/two-way/services/${service.id}/reply`, { key, body: { to: TEXTER, text: 'At your own price.' } })).cost).to.equal(0.02);
    expect(ok(await admin('PUT', `/api/admin/accounts/${accountId}/prices/UG`, { price_usd: null }))).to.deep.include({ price_usd: null, price_source: 'basic' });
    refused(await admin('PUT', '/api/admin/accounts/acc_nobody/prices/UG', { price_usd: 1 }), 404, 'not_found');
    refused(await api.request('POST', `/api/two-way/services/${service.id}/reply`, { key, body: { to: '+254712345678', text: 'Hi' } }), 400, 'unroutable');
    const invalid = await api.request('POST', `/api/two-way/services/${service.id}/reply`, { key, body: { to: TEXTER } });
    refused(invalid, 422, 'validation_error');
    expect(JSON.stringify(invalid.body.error.details)).to.contain('text');
    ok(await admin('POST', `/api/admin/two-way/services/${service.id}/suspend`));
    refused(await api.request('POST', `/api/two-way/services/${service.id}/reply`, { key, body: { to: TEXTER, text: 'Hi' } }), 409, 'service_not_active');
    const whileSuspended = await simulate('6100', 'Hello?');
    const stored = await messagesOf(key, service.id);
    expect(stored.messages[0]).to.deep.include({ id: whileSuspended.message_id, billed: true });
    const other = await customer('two-way-nosy@example.com', 1);
    refused(await api.request('GET', `/api/two-way/services/${service.id}/messages`, { key: other }), 404, 'not_found');
    refused(await api.request('POST', `/api/two-way/services/${service.id}/reply`, { key: other, body: { to: TEXTER, text: 'Hi' } }), 404, 'not_found');
  });

  it('an empty wallet leaves an inbound message stored with billed false', async () => {
    const key = await customer('two-way-empty@example.com', 40);
    const service = await approvedService(key, { type: 'shared', keyword: 'EMPTY' });
    expect(ok(await api.request('GET', '/api/balance', { key })).balance).to.equal(0);
    const simulated = await simulate('6000', 'Empty hello');
    const { messages } = await messagesOf(key, service.id);
    expect(messages[0]).to.deep.include({ id: simulated.message_id, billed: false, cost: 0 });
  });
});
