import { createHmac, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { NodeDigests } from '@tuma/crypto-adapter';
import { TimestampedSignatures } from '@tuma/webhooks';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';

const signatures = new TimestampedSignatures(new NodeDigests());

const SECRET = 'inbound-test-secret-0123456789-abcdefghij';
const KE = '+254712345678';
const KE_BULK = '+254722000111';
const NG = '+2348031234567';
/** A number no account messages. */
const UNKNOWN = '+255712345678';

describe(`HTTP inbound messages and conversations on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let key: string;
  let testKey: string;
  let accountId: string;
  let otherKey: string;
  let webhooksOnlyKey: string;
  /** The account's mo_url: a local receiver keeping every event with its signature. */
  let receiver: WebhookReceiver;

  const get = (path: string, k = key) => api.request('GET', path, { key: k });
  const send = async (to: string, text: string, k = key) => ok(await api.request('POST', '/api/messages/send', { key: k, body: { to, text } }));
  const sendBulk = async (to: string[], text: string) =>
    ok(await api.request('POST', '/api/messages/send-bulk', { key, body: { recipients: to.map((phone) => ({ to: phone })), text } }));
  const messageOf = async (id: string) => ok(await get(`/api/messages/${id}`));
  const optOuts = async () => ok(await get('/api/opt-outs')).opt_outs as { phone: string; source: string; keyword: string | null }[];

  /** An aggregator's push, signed with `secret` at `at`. */
  function push(body: unknown, options: { provider?: string; secret?: string; at?: Date; signature?: string | null } = {}) {
    const rawBody = JSON.stringify(body);
    const signature = options.signature === undefined ? signatures.header(options.secret ?? SECRET, rawBody, options.at ?? new Date()) : options.signature;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'Tuma-Signature': signature }) };
    return api.request('POST', `/api/inbound/${options.provider ?? 'aggregator'}`, { rawBody, headers });
  }
  const simulate = (body: unknown) => api.request('POST', '/api/admin/simulator/inbound', { key: ADMIN_KEY, body });
  const thread = async (phone: string, query = '', k = key) => ok(await get(`/api/conversations/${encodeURIComponent(phone)}${query}`, k));
  /** The account messages `phone` and `phone` answers through the aggregator. */
  async function exchange(phone: string, reply = 'Asante') {
    await send(phone, `Hello ${phone}`);
    return ok(await push({ from: phone, to: '22345', text: reply }));
  }

  const batchMembers = async (batchId: string, total: number) =>
    (await until(`batch ${batchId}`, async () => ok(await get(`/api/messages/batch/${batchId}`)), (batch) => batch.messages.length === total)).messages.map((m: { phone: string }) => m.phone);

  /** The whole STOP / START round for one number, through `reply` (the push endpoint or the simulator). */
  async function stopAndStart(phone: string, reply: (text: string, carrierMessageId: string) => Promise<void>) {
    await send(phone, 'Karibu! Reply STOP to opt out.');
    await reply('Stop', `${phone}-1`);
    expect((await optOuts()).find((o) => o.phone === phone)).to.include({ source: 'sms', keyword: 'STOP' });

    const refused = await send(phone, 'Are you still there?');
    expect(refused).to.include({ status: 'rejected', cost: 0 });
    expect(await messageOf(refused.id)).to.include({ status: 'rejected', error_code: 'opted_out' });
    const bulkWhileOut = await sendBulk([phone, KE_BULK], `Offer for everyone ${phone}`);
    expect(bulkWhileOut.total_recipients).to.equal(1);
    expect(await batchMembers(bulkWhileOut.batch_id, 1)).to.deep.equal([KE_BULK]);

    await reply(' START ', `${phone}-2`);
    expect((await optOuts()).map((o) => o.phone)).not.to.include(phone);
    const lifted = await send(phone, 'Welcome back!');
    expect(lifted.status).to.equal('sent');
    const bulkAfter = await sendBulk([phone, KE_BULK], `Second offer ${phone}`);
    expect(bulkAfter.total_recipients).to.equal(2);
    expect((await batchMembers(bulkAfter.batch_id, 2)).sort()).to.deep.equal([phone, KE_BULK].sort());
  }

  before(async () => {
    receiver = await startWebhookReceiver();
    api = await startTestServer({
      SIMULATOR_LATENCY_MS: '5-30',
      SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL,
      INBOUND_SECRETS: `aggregator=${SECRET}`,
      WEBHOOK_ALLOW_HOSTS: receiver.host,
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    });
    key = api.started.demo!.liveKey;
    testKey = api.started.demo!.testKey;
    accountId = api.started.demo!.accountId;
    ok(await api.request('POST', `/api/admin/balances/${accountId}/credit`, { key: ADMIN_KEY, body: { amount: 50, reason: 'test credit', reference: 'inbound-suite' } }));
    const other = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'other.inbound@example.com' } }), 201);
    const keyFor = async (scopes: string[]) =>
      ok(await api.request('POST', `/api/admin/accounts/${other.id}/keys`, { key: ADMIN_KEY, body: { environment: 'live', scopes } }), 201).key as string;
    otherKey = await keyFor(['send', 'query']);
    webhooksOnlyKey = await keyFor(['webhooks']);
    ok(await api.request('PUT', '/api/webhooks', { key, body: { mo_url: `${receiver.url}/mo` } }));
  });
  after(async () => {
    await api.stop();
    await receiver.close();
  });

  it('STOP pushed by an aggregator suppresses the next single send and bulk member to the number; START lifts it', async () => {
    await stopAndStart(KE, async (text, carrierMessageId) => {
      const taken = ok(await push({ from: KE.slice(1), to: '22345', text, carrier_message_id: carrierMessageId }));
      expect(taken).to.deep.equal({ message_id: taken.message_id, status: 'received', duplicate: false });
      expect(taken.message_id).to.match(/^mo_[0-9A-Z]{26}$/);
    });
  });

  it('STOP through the carrier simulator does the same; the operator sees the attribution and the thread shows the exchange', async () => {
    await stopAndStart(NG, async (text, carrierMessageId) => {
      const taken = ok(await simulate({ from: NG, to: 'TUMA', text, carrier_message_id: carrierMessageId }));
      expect(taken).to.include({ status: 'received', duplicate: false, account_id: accountId, opt_out: text === 'Stop' });
      expect(taken.keyword).to.equal(text.trim().toUpperCase());
    });
    const { phone, messages } = await thread(NG.slice(1), '?limit=500');
    expect(phone).to.equal(NG);
    expect(messages.map((m: { direction: string; text: string; status: string }) => [m.direction, m.text])).to.deep.equal([
      ['outbound', 'Karibu! Reply STOP to opt out.'],
      ['inbound', 'Stop'],
      ['outbound', 'Are you still there?'],
      ['inbound', ' START '],
      ['outbound', 'Welcome back!'],
      ['outbound', `Second offer ${NG}`],
    ]);
    const [first, stop, refused] = messages;
    expect(first.id).to.match(/^msg_/);
    expect(stop).to.include({ status: 'received' });
    expect(stop.id).to.match(/^mo_/);
    expect(refused).to.include({ status: 'rejected' });
    for (const m of messages) expect(m).to.have.keys('id', 'text', 'direction', 'status', 'created_at');
    expect((await thread(NG, '?limit=2')).messages.map((m: { text: string }) => m.text)).to.deep.equal(['Welcome back!', `Second offer ${NG}`]);
  });

  it("sends each reply to the account's mo_url as message.inbound, signed, with the keyword and opt_out", async () => {
    const phone = '+254733000006';
    const stop = await exchange(phone, 'STOP');
    const chat = ok(await push({ from: phone, to: '22345', text: 'Who is this?' }));
    const secret = ok(await get('/api/webhooks')).signing_secret as string;
    const eventOf = async (messageId: string) => {
      await until(`the event of ${messageId}`, async () => receiver.received.filter((e) => e.body.message_id === messageId).length, (count) => count > 0);
      return receiver.received.find((e) => e.body.message_id === messageId)!;
    };
    const stopEvent = await eventOf(stop.message_id);
    expect(stopEvent.body).to.deep.equal({ event: 'message.inbound', message_id: stop.message_id, from: phone, to: '22345', text: 'STOP', keyword: 'STOP', opt_out: true });
    expect(stopEvent.headers['x-webhook-signature']).to.equal(`sha256=${createHmac('sha256', secret).update(stopEvent.raw).digest('hex')}`);
    expect((await eventOf(chat.message_id)).body).to.include({ text: 'Who is this?', keyword: null, opt_out: false });
  });

  it('takes a message pushed twice once', async () => {
    const phone = '+254733000001';
    await send(phone, 'Hello');
    const first = ok(await push({ from: phone, to: '22345', text: 'Asante', carrier_message_id: 'agg-42' }));
    const again = ok(await push({ from: phone, to: '22345', text: 'Asante', carrier_message_id: 'agg-42' }));
    expect(again).to.deep.equal({ ...first, duplicate: true });
    expect((await thread(phone)).messages.map((m: { id: string }) => m.id)).to.have.length(2).and.include(first.message_id);
  });

  it("refuses pushes that are not signed with the provider's secret, and stores none of them", async () => {
    const phone = '+254733000002';
    await send(phone, 'Hello');
    const body = { from: phone, to: '22345', text: 'STOP', carrier_message_id: 'forged' };
    const unsigned = await push(body, { signature: null });
    expect(unsigned.status).to.equal(400);
    expect(unsigned.body.error).to.include({ code: 'invalid_webhook', reason: 'signature' });
    expect((await push(body, { secret: 'another-secret-of-enough-length-0123456789' })).body.error).to.include({ code: 'invalid_webhook', reason: 'signature' });
    expect((await push(body, { at: new Date(Date.now() - 10 * 60_000) })).body.error).to.include({ code: 'invalid_webhook', reason: 'timestamp' });
    expect((await push(body, { provider: 'stranger' })).status).to.equal(404);
    expect((await thread(phone)).messages.map((m: { direction: string }) => m.direction)).to.deep.equal(['outbound']);
    expect((await optOuts()).map((o) => o.phone)).not.to.include(phone);

    const notANumber = await push({ from: 'MPESA', to: '22345', text: 'Hi' });
    expect(notANumber.status).to.equal(400);
    expect(notANumber.body.error).to.include({ code: 'invalid_phone_number' });
    expect(notANumber.body.error.details).to.deep.equal([{ path: 'from', message: notANumber.body.error.details[0].message, in: 'body' }]);
  });

  it('keeps a reply from a number no account messaged without showing it to anyone', async () => {
    ok(await push({ from: UNKNOWN, to: '22345', text: 'STOP' }));
    expect(ok(await get('/api/conversations')).conversations.map((c: { phone: string }) => c.phone)).not.to.include(UNKNOWN);
    expect(await thread(UNKNOWN)).to.deep.equal({ phone: UNKNOWN, messages: [] });
    expect((await optOuts()).map((o) => o.phone)).not.to.include(UNKNOWN);
  });

  it('lists everyone who replied, newest activity first, with the last message either way', async () => {
    const [early, late] = ['+254733000003', '+254733000004'];
    await exchange(early, 'First reply');
    await exchange(late, 'Second reply');
    const before = ok(await get('/api/conversations')).conversations;
    expect(before[0]).to.deep.equal({ phone: late, last_text: 'Second reply', last_direction: 'inbound', last_at: before[0].last_at });
    const times = before.map((c: { last_at: string }) => c.last_at);
    expect(times).to.deep.equal([...times].sort().reverse());
    await send(early, 'Thanks for your reply');
    const [newest] = ok(await get('/api/conversations?limit=1')).conversations;
    expect(newest).to.include({ phone: early, last_text: 'Thanks for your reply', last_direction: 'outbound' });
    expect(ok(await get('/api/conversations?limit=1')).conversations).to.have.length(1);
  });

  it('keeps accounts apart, shows a test key nothing, and checks scopes, limits and numbers', async () => {
    const phone = '+254733000005';
    await exchange(phone);
    expect((await thread(phone)).messages).to.have.length(2);
    expect(ok(await get('/api/conversations', otherKey)).conversations).to.deep.equal([]);
    expect(await thread(phone, '', otherKey)).to.deep.equal({ phone, messages: [] });
    expect(ok(await get('/api/conversations', testKey))).to.deep.equal({ conversations: [] });
    expect(await thread(phone, '', testKey)).to.deep.equal({ phone, messages: [] });
    expect((await get('/api/conversations', webhooksOnlyKey)).status).to.equal(403);
    expect((await get('/api/conversations?limit=501')).status).to.equal(422);
    expect((await get(`/api/conversations/${phone.slice(1)}?limit=0`)).status).to.equal(422);
    const invalid = await get('/api/conversations/0712345678');
    expect(invalid.status).to.equal(400);
    expect(invalid.body.error.details[0]).to.include({ path: 'phone', in: 'path' });
  });
});
