import { expect } from 'chai';
import { requestFingerprint } from '@tuma/idempotency';
import { databaseKind, testDatabase } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestResponse, type TestServer } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';

const number = (i: number) => `+2547${String(30_000_000 + i).slice(-8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LedgerEntry {
  readonly kind: string;
  readonly amount: number;
  readonly reference: string;
}

/**
 * Idempotency-Key on the paid POSTs (docs/idempotency.md): a repeated request gets the first answer
 * again and is never charged twice; a key is one request's, per account and environment. Every
 * delivery succeeds here (no refunds), so balances and ledgers are exact.
 */
describe(`HTTP Idempotency-Key on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let live: string;
  let test: string;
  let accountId: string;

  const post = (path: string, key: string, body: unknown, idempotencyKey?: string) =>
    api.request('POST', path, { key, body, headers: idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey } });
  const send = (key: string, body: unknown, idempotencyKey?: string) => post('/api/messages/send', key, body, idempotencyKey);
  const bulk = (key: string, body: unknown, idempotencyKey?: string) => post('/api/messages/send-bulk', key, body, idempotencyKey);
  const balance = async (key: string) => ok(await api.request('GET', '/api/balance', { key })).balance as number;
  const ledger = async (key: string) => ok(await api.request('GET', '/api/balance/transactions?limit=100', { key })).transactions as LedgerEntry[];
  const messagesTo = async (key: string, phone: string) => ok(await api.request('GET', `/api/messages?to=${encodeURIComponent(phone)}&environment=all`, { key })).total as number;
  const credit = async (account: string, amount: number, reference: string) =>
    ok(await api.request('POST', `/api/admin/balances/${account}/credit`, { key: ADMIN_KEY, body: { amount, reason: 'idempotency', reference } }));
  const newAccount = async (email: string, walletCurrency?: string) => {
    const account = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email, ...(walletCurrency ? { wallet_currency: walletCurrency } : {}) } }), 201);
    const key = ok(await api.request('POST', `/api/admin/accounts/${account.id}/keys`, { key: ADMIN_KEY, body: { environment: 'live' } }), 201).key as string;
    return { id: account.id as string, key };
  };
  const expectReplay = (res: TestResponse, first: TestResponse) => {
    expect(res.status, res.text).to.equal(first.status);
    expect(res.headers.get('idempotent-replayed')).to.equal('true');
    expect(res.body).to.deep.equal(first.body);
  };

  before(async () => {
    api = await startTestServer({ SIMULATOR_OUTCOMES: 'delivered=1' });
    const demo = api.started.demo!;
    [live, test, accountId] = [demo.liveKey, demo.testKey, demo.accountId];
    await credit(accountId, 50, 'idempotency-funds');
  });
  after(() => api.stop());

  it('documents the header on the paid POSTs, with the 409 and 422 it may answer', async () => {
    const document = ok(await api.request('GET', '/openapi.json'));
    for (const path of ['/api/messages/send', '/api/messages/send-bulk']) {
      const operation = document.paths[path].post;
      expect(operation.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`), path).to.include('header:Idempotency-Key');
      expect(JSON.stringify(operation.responses['409']), path).to.contain('idempotency_key_in_progress');
      expect(JSON.stringify(operation.responses['422']), path).to.contain('idempotency_key_reused');
      expect(operation.responses['200'].headers, path).to.have.property('Idempotent-Replayed');
    }
    expect(document.paths['/api/messages/bulk-precheck'].post.parameters.map((p: { name: string }) => p.name)).not.to.include('Idempotency-Key');
  });

  it('answers a repeated send with the first answer (same id, body and status, Idempotent-Replayed: true) and charges it once', async () => {
    const before = await balance(live);
    const body = { to: number(1), text: 'Your order KE-1042 has shipped', sender_id: 'DUKA' };
    const first = await send(live, body, 'order-1042-shipped');
    ok(first);
    expect(first.headers.get('idempotent-replayed')).to.equal(null);
    expectReplay(await send(live, body, 'order-1042-shipped'), first);
    // The same body in another key order and spacing is the same request.
    const reordered = `{ "sender_id": "DUKA",  "text": "Your order KE-1042 has shipped", "to": "${number(1)}" }`;
    expectReplay(await api.request('POST', '/api/messages/send', { key: live, rawBody: reordered, headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'order-1042-shipped' } }), first);

    const debits = (await ledger(live)).filter((entry) => entry.reference === `msg:${first.body.id}`);
    expect(debits.map((entry) => entry.amount)).to.deep.equal([-first.body.cost]);
    expect(await balance(live)).to.be.closeTo(before - first.body.cost, 1e-9);
    expect(await messagesTo(live, number(1))).to.equal(1);
  });

  for (const [what, path, bodyOf, idOf, referenceOf, costOf] of [
    ['send', '/api/messages/send', (i: number) => ({ to: number(i), text: 'OTP 482913' }), (b: any) => b.id, (b: any) => `msg:${b.id}`, (b: any) => b.cost],
    ['send-bulk', '/api/messages/send-bulk', (i: number) => ({ recipients: [{ to: number(i) }, { to: number(i + 1) }, { to: number(i + 2) }], text: 'Sale today' }), (b: any) => b.batch_id, (b: any) => `batch:${b.batch_id}`, (b: any) => b.estimated_cost],
  ] as const) {
    it(`runs 20 parallel ${what} requests with one key once: the others get 409 idempotency_key_in_progress (Retry-After) or the replay; charged exactly once`, async () => {
      const ledgerBefore = await ledger(live);
      const before = await balance(live);
      const body = bodyOf(100 + (what === 'send' ? 0 : 10));
      const key = `parallel-${what}`;
      const answers = await Promise.all(Array.from({ length: 20 }, () => post(path, live, body, key)));
      const accepted = answers.filter((answer) => answer.status === 200);
      const busy = answers.filter((answer) => answer.status === 409);
      expect(accepted.length + busy.length, answers.map((answer) => answer.status).join(',')).to.equal(20);
      expect(accepted.filter((answer) => answer.headers.get('idempotent-replayed') === null), 'exactly one ran').to.have.length(1);
      expect(new Set(accepted.map((answer) => JSON.stringify(answer.body))).size, 'every 200 is the same answer').to.equal(1);
      for (const answer of busy) {
        expect(answer.body.error).to.include({ code: 'idempotency_key_in_progress' });
        expect(answer.body.error.message).to.contain('Idempotency-Key');
        expect(answer.body.error.retry_after).to.be.a('number').and.at.least(1);
        expect(answer.headers.get('retry-after')).to.equal(String(answer.body.error.retry_after));
      }
      const first = accepted[0]!;
      expectReplay(await post(path, live, body, key), first);

      const newEntries = (await ledger(live)).slice(0, (await ledger(live)).length - ledgerBefore.length);
      expect(newEntries.map((entry) => ({ reference: entry.reference, amount: entry.amount }))).to.deep.equal([{ reference: referenceOf(first.body), amount: -costOf(first.body) }]);
      expect(await balance(live)).to.be.closeTo(before - costOf(first.body), 1e-9);
      expect(idOf(first.body)).to.be.a('string');
    });
  }

  it('refuses the key for a different body or another route: 422 idempotency_key_reused naming the header; the key keeps its first answer', async () => {
    const body = { to: number(200), text: 'First request' };
    const first = ok(await send(live, body, 'k-reused'));
    const otherBody = await send(live, { ...body, text: 'Another request' }, 'k-reused');
    expect(otherBody.status, otherBody.text).to.equal(422);
    expect(otherBody.body.error.code).to.equal('idempotency_key_reused');
    expect(otherBody.body.error.message).to.match(/Idempotency-Key was first used with a different body/);
    const otherRoute = await bulk(live, { recipients: [{ to: number(200) }], text: 'First request' }, 'k-reused');
    expect(otherRoute.status, otherRoute.text).to.equal(422);
    expect(otherRoute.body.error).to.include({ code: 'idempotency_key_reused', message: 'This Idempotency-Key was first used for POST /api/messages/send: send a new request with a new key' });
    expect((await send(live, body, 'k-reused')).body).to.deep.equal(first);
    expect(await messagesTo(live, number(200))).to.equal(1);
  });

  it('keeps keys per environment and per account: a test key, and another account, use the same key independently', async () => {
    const body = { to: number(300), text: 'Same key everywhere' };
    const liveAnswer = ok(await send(live, body, 'k-shared'));
    const testAnswer = await send(test, body, 'k-shared');
    ok(testAnswer);
    expect(testAnswer.headers.get('idempotent-replayed')).to.equal(null);
    expect(testAnswer.body.id).not.to.equal(liveAnswer.id);
    const other = await newAccount('idempotency-other@example.com');
    await credit(other.id, 5, 'idempotency-other');
    const otherAnswer = await send(other.key, body, 'k-shared');
    ok(otherAnswer);
    expect(otherAnswer.headers.get('idempotent-replayed')).to.equal(null);
    expect(otherAnswer.body.id).not.to.be.oneOf([liveAnswer.id, testAnswer.body.id]);
    expect((await send(test, body, 'k-shared')).body.id, 'each keeps its own answer').to.equal(testAnswer.body.id);
    expect((await send(live, body, 'k-shared')).body.id).to.equal(liveAnswer.id);
  });

  it('refuses an ill-formed key with a 422 naming the header, before anything runs', async () => {
    for (const bad of ['', 'x'.repeat(256), 'tab\there']) {
      const res = await send(live, { to: number(400), text: 'Habari' }, bad);
      expect(res.status, `${JSON.stringify(bad)}: ${res.text}`).to.equal(422);
      expect(res.body.error.code).to.equal('validation_error');
      expect(res.body.error.details).to.deep.equal([{ path: 'Idempotency-Key', message: 'Must be 1 to 255 printable ASCII characters (a UUID, for example)', in: 'header' }]);
    }
    expect(await messagesTo(live, number(400))).to.equal(0);
    ok(await send(live, { to: number(400), text: 'Habari' }, 'x'.repeat(255)));
  });

  it('keeps the answer of a request that ran, refusals included (a 402 stays a 402 for that key), but not a request refused before it ran', async () => {
    const broke = await newAccount('idempotency-broke@example.com');
    const body = { to: number(500), text: 'Habari' };
    const refused = await send(broke.key, body, 'k-broke');
    expect(refused.status, refused.text).to.equal(402);
    await credit(broke.id, 5, 'idempotency-broke');
    expectReplay(await send(broke.key, body, 'k-broke'), refused);
    ok(await send(broke.key, body, 'k-broke-again'));

    const missing = await send(broke.key, { to: number(501) }, 'k-missing');
    expect(missing.status, missing.text).to.equal(400);
    const ran = await send(broke.key, { to: number(501), text: 'Now complete' }, 'k-missing');
    ok(ran);
    expect(ran.headers.get('idempotent-replayed')).to.equal(null);
  });

  it('frees the key after a fault (5xx): the retry runs again instead of replaying it', async () => {
    // A EUR wallet has no exchange rate from the route currency yet: 503 pricing_unavailable, charging nothing.
    const euro = await newAccount('idempotency-euro@example.com', 'EUR');
    await credit(euro.id, 10, 'idempotency-euro');
    const body = { to: number(600), text: 'Habari' };
    const fault = await send(euro.key, body, 'k-fault');
    expect(fault.status, fault.text).to.equal(503);
    ok(await api.request('POST', '/api/admin/fx-rates', { key: ADMIN_KEY, body: { from: 'EUR', to: 'USD', rate: '1.08' } }), 201);
    const retry = await send(euro.key, body, 'k-fault');
    ok(retry);
    expect(retry.headers.get('idempotent-replayed')).to.equal(null);
    expectReplay(await send(euro.key, body, 'k-fault'), retry);
  });

  it('answers 409 for a key left claimed by a request that never answered (its process died) until its lease ends, then runs the retry once', async () => {
    const body = { to: number(700), text: 'Habari' };
    const operation = 'POST /api/messages/send';
    const database = await testDatabase();
    const fingerprint = await requestFingerprint(operation, body);
    await database.withContext(() =>
      database.em.execute(
        `insert into idempotency_record (account_id, environment, key, operation, fingerprint, owner, created_at, lease_expires_at, expires_at)
         values (?, 'live', 'k-dead', ?, ?, 'dead-process', now(), now() + interval '1500 milliseconds', now() + interval '1 day')`,
        [accountId, operation, fingerprint],
      ),
    );
    const busy = await send(live, body, 'k-dead');
    expect(busy.status, busy.text).to.equal(409);
    expect(busy.headers.get('retry-after')).to.equal(String(busy.body.error.retry_after));
    expect(busy.body.error.retry_after).to.be.within(1, 2);
    expect(await messagesTo(live, number(700))).to.equal(0);
    await sleep(1_600);
    const ran = await send(live, body, 'k-dead');
    ok(ran);
    expect(ran.headers.get('idempotent-replayed')).to.equal(null);
    expectReplay(await send(live, body, 'k-dead'), ran);
    expect(await messagesTo(live, number(700))).to.equal(1);
  });
});
