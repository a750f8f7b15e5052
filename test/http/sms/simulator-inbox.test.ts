import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';

const KE = '+254712345678';
const NG = '+2348031234567';

interface HandsetMessage {
  message_id: string;
  to: string;
  from: string;
  text: string;
  parts: number;
  gateway: string;
  environment: string;
  received_at: string;
}

/**
 * The simulators' handset inbox (docs/carriers.md, "Handset inbox"): the operator reads, in clear
 * text, what the live simulator and the sandbox simulator carried to a number, newest first.
 */
describe(`HTTP simulator handset inbox on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let liveKey: string;
  let testKey: string;
  /** What was sent, by message id. */
  const sent = new Map<string, { to: string; text: string; environment: string }>();

  const inbox = async (query: string, key = ADMIN_KEY) => ok(await api.request('GET', `/api/admin/simulator/messages${query}`, { key })).messages as HandsetMessage[];
  const send = async (key: string, to: string, text: string) => {
    const { id } = ok(await api.request('POST', '/api/messages/send', { key, body: { to, text } }));
    sent.set(id, { to, text, environment: key === liveKey ? 'live' : 'test' });
  };

  before(async () => {
    api = await startTestServer({ SIMULATOR_LATENCY_MS: '5-30', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL });
    liveKey = api.started.demo!.liveKey;
    testKey = api.started.demo!.testKey;
    ok(await api.request('POST', `/api/admin/balances/${api.started.demo!.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 10, reason: 'inbox suite', reference: 'inbox-suite' } }));
    await send(liveKey, KE, 'Your Tuma code is 482913');
    await send(testKey, KE, `Msimbo wako ni 731502 ✅ ${'Usiushiriki na mtu yeyote. '.repeat(3)}`);
    await send(testKey, NG, 'Your code is 000111');
    await until('the simulators take every message', () => inbox('?limit=100'), (messages) => messages.length === sent.size);
  });
  after(() => api?.stop());

  it('answers what both simulators carried to a number, newest first, in the clear text sent', async () => {
    const messages = await inbox(`?to=${encodeURIComponent(KE)}`);
    expect(messages.map((m) => m.message_id)).to.have.members([...sent.keys()].filter((id) => sent.get(id)!.to === KE));
    for (const message of messages) {
      const { to, text, environment } = sent.get(message.message_id)!;
      expect(message).to.deep.include({ to, text, environment, gateway: environment === 'live' ? 'simulator' : 'sandbox' });
      expect(message.from).to.be.a('string').and.not.equal('');
    }
    const receivedAt = messages.map((m) => Date.parse(m.received_at));
    expect(receivedAt, 'newest first').to.deep.equal([...receivedAt].sort((a, b) => b - a));
    expect(messages.find((m) => m.environment === 'test')!.parts, 'a long Unicode text in several parts').to.equal(2);
    expect(messages.find((m) => m.environment === 'live')!.parts).to.equal(1);
  });

  it('reads the number with or without its +, under /v1 too, and every number without `to`, up to `limit`', async () => {
    const byNumber = await inbox(`?to=${encodeURIComponent(KE)}`);
    expect(await inbox(`?to=${KE.slice(1)}`)).to.deep.equal(byNumber);
    expect(await inbox(`?to=${KE}`), 'a + the URL turned into a space').to.deep.equal(byNumber);
    expect(ok(await api.request('GET', `/v1/admin/simulator/messages?to=${KE.slice(1)}`, { key: ADMIN_KEY })).messages).to.deep.equal(byNumber);
    expect((await inbox(`?to=${NG.slice(1)}`)).map((m) => m.text)).to.deep.equal(['Your code is 000111']);
    const latest = await inbox('');
    expect(latest.map((m) => m.message_id)).to.have.members([...sent.keys()]);
    expect(await inbox('?limit=1')).to.deep.equal(latest.slice(0, 1));
    expect(await inbox('?to=%2B255712345678'), 'a number nobody messaged').to.deep.equal([]);
  });

  it('refuses a `to` that is no phone number, and a `limit` out of range, with 422 naming each field', async () => {
    const res = await api.request('GET', '/api/admin/simulator/messages?to=not-a-number&limit=0', { key: ADMIN_KEY });
    expect(res.status).to.equal(422);
    expect(res.body.error.code).to.equal('validation_error');
    expect(res.body.error.details.map((d: { path: string; in: string }) => `${d.in}.${d.path}`)).to.have.members(['query.to', 'query.limit']);
    expect((await api.request('GET', '/api/admin/simulator/messages?limit=101', { key: ADMIN_KEY })).status).to.equal(422);
  });

  it('is for the operator only: customer keys get 403, no key 401', async () => {
    for (const key of [liveKey, testKey]) {
      const res = await api.request('GET', `/api/admin/simulator/messages?to=${KE.slice(1)}`, { key });
      expect(res.status).to.equal(403);
      expect(res.body.error).to.deep.include({ code: 'insufficient_scope', required: ['admin'] });
    }
    expect((await api.request('GET', '/api/admin/simulator/messages')).status).to.equal(401);
  });

  it('is documented in /openapi.json', async () => {
    const operation = ok(await api.request('GET', '/openapi.json')).paths['/api/admin/simulator/messages'].get;
    expect(operation).to.deep.include({ operationId: 'listSimulatorMessages', 'x-required-scopes': ['admin'], 'x-aliases': ['/v1/admin/simulator/messages'] });
    expect(operation.parameters.map((p: { name: string }) => p.name)).to.have.members(['to', 'limit']);
  });
});
