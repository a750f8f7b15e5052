import { expect } from 'chai';
import { databaseKind, testDatabase } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';

const KE = '+254712345678';
const KE_2 = '+254722000111';
const KE_3 = '+254733000222';
/** Simulator magic numbers (docs/carriers.md): refused for good at submission. */
const KE_REFUSED = '+254715550001';
/** A valid number of a country without an active route (Central African Republic). */
const CF = '+23670012345';

describe(`HTTP messages on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let key: string;
  let testKey: string;
  let accountId: string;
  let otherKey: string;

  const send = (body: unknown, k = key) => api.request('POST', '/api/messages/send', { key: k, body });
  const sendBulk = (body: unknown, k = key) => api.request('POST', '/api/messages/send-bulk', { key: k, body });
  const get = (path: string, k = key) => api.request('GET', path, { key: k });
  const balance = async (k = key) => ok(await get('/api/balance', k)).balance as number;
  const credit = async (account: string, amount: number, reference: string) =>
    ok(await api.request('POST', `/api/admin/balances/${account}/credit`, { key: ADMIN_KEY, body: { amount, reason: 'test credit', reference } }));

  const eventually = async (id: string, done: (message: any) => boolean, k = key) => until(`message ${id}`, async () => ok(await get(`/api/messages/${id}`, k)), done);
  const batchUntil = async (batchId: string, done: (batch: any) => boolean, k = key) => until(`batch ${batchId}`, async () => ok(await get(`/api/messages/batch/${batchId}`, k)), done);
  const isFinal = (m: { status: string }) => ['delivered', 'failed', 'rejected'].includes(m.status);

  /** Moves a job's start time to now: "time travel" for scheduled sends and drips without waiting minutes. */
  async function startNow(where: string, value: string): Promise<number> {
    const database = await testDatabase();
    return database.withContext(async () => {
      const rows = await database.em.execute(`update pgboss.job set start_after = now() where ${where} and state = 'created' returning id`, [value]);
      return rows.length;
    });
  }
  async function jobsOf(where: string, value: string): Promise<{ start_after: Date; data: any }[]> {
    const database = await testDatabase();
    return database.withContext(() => database.em.execute(`select start_after, data from pgboss.job where ${where} order by start_after`, [value]));
  }

  before(async () => {
    // Outcomes other than the magic numbers' are all deliveries, so the suite does not depend on draws.
    api = await startTestServer({ SIMULATOR_LATENCY_MS: '5-30', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL });
    key = api.started.demo!.liveKey;
    testKey = api.started.demo!.testKey;
    accountId = api.started.demo!.accountId;
    await credit(accountId, 50, 'messages-suite');
    const other = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'other.sender@example.com' } }), 201);
    otherKey = ok(await api.request('POST', `/api/admin/accounts/${other.id}/keys`, { key: ADMIN_KEY, body: { environment: 'live' } }), 201).key;
  });
  after(async () => api.stop());

  describe('single send', () => {
    it('charges the wallet atomically with the message, answers the spec shape, and the simulator delivers it', async () => {
      const before = await balance();
      const sent = ok(await send({ to: '+254 712 345 678', text: 'Habari! Your order has shipped.' }));
      expect(sent).to.have.keys(
        'id',
        'status',
        'segments',
        'encoding',
        'recipients',
        'price_per_sms',
        'cost',
        'cost_currency',
        'route_cost',
        'route_currency',
        'route',
        'balance_after',
        'scheduled_at',
        // beyond the spec's shape (docs/quiet-hours.md):
        'deferred_by_quiet_hours',
      );
      expect(sent).to.include({ status: 'sent', segments: 1, encoding: 'GSM7', recipients: 1, route: 'SVC_KE', route_currency: 'KES', cost_currency: 'USD', scheduled_at: null });
      expect(sent.id).to.match(/^msg_[0-9A-Z]{26}$/);
      expect(sent.cost).to.be.greaterThan(0);
      expect(sent.route_cost).to.equal(sent.price_per_sms);
      expect(sent.balance_after).to.be.closeTo(before - sent.cost, 1e-9);
      expect(await balance()).to.be.closeTo(sent.balance_after, 1e-9);
      const delivered = await eventually(sent.id, isFinal);
      expect(delivered).to.include({ id: sent.id, phone: KE, status: 'delivered', environment: 'live', route: 'SVC_KE', country: 'KE', error_code: null, retry_count: 0 });
      expect(delivered.delivered_at).to.be.a('string');
      const transactions = ok(await get('/api/balance/transactions')).transactions as { kind: string; amount: number }[];
      expect(transactions.filter((t) => t.kind === 'debit')).to.have.length.greaterThanOrEqual(1);
    });

    it('with a test key: the same answer, nothing charged, a simulated delivery visible only to test keys', async () => {
      const before = await balance();
      const sent = ok(await send({ to: KE_2, text: 'Sandbox hello' }, testKey));
      expect(sent).to.include({ status: 'sent', segments: 1, route: 'SVC_KE' });
      expect(sent.cost).to.be.greaterThan(0);
      expect(sent.balance_after).to.equal(before);
      expect(await balance()).to.equal(before);
      const delivered = await eventually(sent.id, isFinal, testKey);
      expect(delivered).to.include({ status: 'delivered', environment: 'test' });
      const testList = ok(await get('/api/messages?environment=all', testKey));
      expect(testList.messages.every((m: { environment: string }) => m.environment === 'test')).to.equal(true);
      const liveList = ok(await get('/api/messages'));
      expect(liveList.messages.map((m: { id: string }) => m.id)).not.to.include(sent.id);
      const all = ok(await get('/api/messages?environment=all'));
      expect(all.messages.map((m: { id: string }) => m.id)).to.include(sent.id);
    });

    it('refuses an identical text to the same number within 5 minutes with 409, but not another text', async () => {
      const first = ok(await send({ to: KE_3, text: 'Duplicate me' }));
      const again = await send({ to: KE_3, text: 'Duplicate me' });
      expect(again.status).to.equal(409);
      expect(again.body.error).to.include({ code: 'duplicate_message', duplicate_of: first.id });
      ok(await send({ to: KE_3, text: 'Duplicate me, but different' }));
    });

    it('keeps an opted-out recipient as rejected, charging nothing', async () => {
      ok(await api.request('POST', '/api/opt-outs', { key, body: { phone: '+254700111222' } }), 201);
      const before = await balance();
      const sent = ok(await send({ to: '+254700111222', text: 'You should not get this' }));
      expect(sent).to.include({ status: 'rejected', cost: 0, route_cost: 0, error_code: 'opted_out' });
      expect(sent.reason).to.match(/opted out/);
      expect(await balance()).to.equal(before);
      const stored = ok(await get(`/api/messages/${sent.id}`));
      expect(stored).to.include({ status: 'rejected', error_code: 'opted_out', cost: 0 });
    });

    it('refunds a message the carrier refuses for good, and marks it failed', async () => {
      const before = await balance();
      const sent = ok(await send({ to: KE_REFUSED, text: 'Refused by the carrier' }));
      const failed = await eventually(sent.id, isFinal);
      expect(failed).to.include({ status: 'failed', error_code: 'invalid_destination' });
      expect(await balance()).to.be.closeTo(before, 1e-9);
      const status = ok(await get(`/api/messages/status?ids=${sent.id}`)).messages[0];
      expect(status).to.include({ id: sent.id, status: 'failed', error_code: 'invalid_destination' });
      expect(status.error_message).to.be.a('string');
    });

    it('answers 402 with required, available and cost when the wallet cannot pay', async () => {
      const res = await send({ to: KE, text: 'No money' }, otherKey);
      expect(res.status, JSON.stringify(res.body)).to.equal(402);
      expect(res.body.error.code).to.equal('insufficient_balance');
      expect(res.body.required).to.be.greaterThan(0);
      expect(res.body.available).to.equal(0);
      expect(res.body.cost).to.equal(res.body.required);
      expect(ok(await get('/api/messages', otherKey)).total).to.equal(0);
    });

    it('answers every bad input of the error table with its status and a JSON body naming the field', async () => {
      const invalid = await send({ to: '+2547', text: 'x' });
      expect(invalid.status).to.equal(400);
      expect(invalid.body.error.code).to.equal('invalid_phone_number');
      expect(invalid.body.error.details[0].path).to.equal('to');
      const unroutable = await send({ to: CF, text: 'x' });
      expect(unroutable.status, JSON.stringify(unroutable.body)).to.equal(400);
      expect(unroutable.body.error).to.include({ code: 'unroutable', field: 'to' });
      const mismatch = await send({ to: KE, text: 'x', route: 'SVC_NG' });
      expect(mismatch.status).to.equal(400);
      expect(mismatch.body.error).to.include({ code: 'unroutable', field: 'route' });
      const missing = await send({ text: 'x' });
      expect(missing.status).to.equal(400);
      expect(missing.body.error.code).to.equal('missing_fields');
      expect(missing.body.error.details.map((d: { path: string }) => d.path)).to.deep.equal(['to']);
      const empty = await send({ to: '', text: '' });
      expect([empty.status, empty.body.error.details.map((d: { path: string }) => d.path)]).to.deep.equal([400, ['to', 'text']]);
      expect((await send({ to: KE, text: 42 })).status, 'a wrong type is still a 422').to.equal(422);
      const long = await send({ to: KE, text: 'x'.repeat(153 * 10 + 1) });
      expect(long.status).to.equal(413);
      expect(long.body.error).to.include({ code: 'message_too_long', segments: 11, max_segments: 10 });
      const soon = await send({ to: KE, text: 'x', schedule_mode: 'scheduled', scheduled_at: new Date(Date.now() + 60_000).toISOString() });
      expect(soon.status).to.equal(422);
      expect(soon.body.error.details[0].path).to.equal('scheduled_at');
      const noTime = await send({ to: KE, text: 'x', schedule_mode: 'scheduled' });
      expect(noTime.status).to.equal(422);
      const unauthenticated = await api.request('POST', '/api/messages/send', { body: { to: KE, text: 'x' } });
      expect(unauthenticated.status).to.equal(401);
      const post = await api.request('POST', '/api/messages', { key, body: { to: KE, text: 'x' } });
      expect(post.status).to.equal(405);
      expect(post.body.error.code).to.equal('method_not_allowed');
    });

    it('sends a scheduled message at its time, and keeps it queued until then', async () => {
      const at = new Date(Date.now() + 10 * 60_000);
      const sent = ok(await send({ to: KE_2, text: 'Scheduled hello', schedule_mode: 'scheduled', scheduled_at: at.toISOString() }));
      expect(sent).to.include({ status: 'sent', scheduled_at: at.toISOString() });
      const jobs = await jobsOf(`data->>'messageId' = ?`, sent.id);
      expect(jobs).to.have.length(1);
      expect(new Date(jobs[0]!.start_after).getTime()).to.equal(at.getTime());
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(ok(await get(`/api/messages/${sent.id}`)).status).to.equal('queued');
      expect(await startNow(`data->>'messageId' = ?`, sent.id)).to.equal(1);
      expect(await eventually(sent.id, isFinal)).to.include({ status: 'delivered' });
    });

    it('cancels a scheduled message with a refund; a second cancel is 409', async () => {
      const before = await balance();
      const at = new Date(Date.now() + 30 * 60_000).toISOString();
      const sent = ok(await send({ to: KE_3, text: 'Cancel me', schedule_mode: 'scheduled', scheduled_at: at }));
      expect(await balance()).to.be.closeTo(before - sent.cost, 1e-9);
      const cancelled = ok(await api.request('POST', `/api/messages/${sent.id}/cancel`, { key }));
      expect(cancelled).to.include({ status: 'rejected', error_code: 'cancelled' });
      expect(await balance()).to.be.closeTo(before, 1e-9);
      const again = await api.request('POST', `/api/messages/${sent.id}/cancel`, { key });
      expect(again.status).to.equal(409);
      expect(again.body.error.code).to.equal('not_cancellable');
      expect((await api.request('POST', `/api/messages/${sent.id}/cancel`, { key: otherKey })).status).to.equal(404);
    });
  });

  describe('reading messages', () => {
    it('lists newest first with filters and truncated text, fetches whole text, and keeps tenants apart', async () => {
      const long = `Long text ${'y'.repeat(150)}`;
      const sent = ok(await send({ to: '+254711000999', text: long }));
      const list = ok(await get(`/api/messages?to=${encodeURIComponent('+254711000999')}&limit=5`));
      expect(list).to.include({ total: 1, page: 0, limit: 5 });
      expect(list.messages[0].text).to.have.length(100);
      expect(ok(await get(`/api/messages/${sent.id}`)).text).to.equal(long);
      const all = ok(await get('/api/messages?limit=100'));
      const created = all.messages.map((m: { created_at: string }) => m.created_at);
      expect([...created].sort().reverse()).to.deep.equal(created);
      const filtered = ok(await get('/api/messages?status=rejected'));
      expect(filtered.messages.every((m: { status: string }) => m.status === 'rejected')).to.equal(true);
      const future = ok(await get(`/api/messages?date_from=${new Date(Date.now() + 86_400_000).toISOString()}`));
      expect(future.total).to.equal(0);
      // One date rule with the reports: a date as date_to takes in that whole day.
      const today = new Date().toISOString().slice(0, 10);
      const window = `date_from=${today}&date_to=${today}`;
      const todays = ok(await get(`/api/messages?${window}&limit=1`));
      expect(todays.total).to.be.greaterThan(0);
      expect(todays.total).to.equal(all.total);
      expect(ok(await get(`/api/reports?${window}`)).totals.messages).to.equal(todays.total);
      expect((await get(`/api/messages/${sent.id}`, otherKey)).status).to.equal(404);
      expect((await get('/api/messages?limit=101')).status).to.equal(422);
      expect((await get('/api/messages/not-an-id')).status).to.equal(422);
    });

    it('looks up statuses in input order with not_found for unknown ids, up to 100', async () => {
      const a = ok(await send({ to: '+254711000001', text: 'status a' }));
      const b = ok(await send({ to: '+254711000002', text: 'status b' }));
      const unknown = 'msg_01JZZZZZZZZZZZZZZZZZZZZZZZ';
      const items = ok(await get(`/api/messages/status?ids=${b.id},${unknown},${a.id}`)).messages;
      expect(items.map((i: { id: string }) => i.id)).to.deep.equal([b.id, unknown, a.id]);
      expect(items[1]).to.deep.equal({ id: unknown, status: 'not_found' });
      expect(items[0]).to.have.keys('id', 'status', 'segments', 'error_code', 'error_message', 'submitted_at', 'delivered_at');
      const others = ok(await get(`/api/messages/status?ids=${a.id}`, otherKey)).messages;
      expect(others).to.deep.equal([{ id: a.id, status: 'not_found' }]);
      const tooMany = Array.from({ length: 101 }, (_, i) => `msg_${String(i).padStart(26, '0')}`).join(',');
      expect((await get(`/api/messages/status?ids=${tooMany}`)).status).to.equal(422);
    });
  });

  describe('bulk', () => {
    it('renders variables, collapses duplicates, drops opt-outs, charges once and sends every member', async () => {
      ok(await api.request('POST', '/api/opt-outs', { key, body: { phone: '+254700333444' } }), 201);
      const before = await balance();
      const audience = {
        recipients: [
          { to: '+254711200001', name: 'Amina', vars: { code: 'A1' } },
          { to: '+254 711 200 001', name: 'Amina again', vars: { code: 'A2' } },
          { to: '+2348031234567', name: 'Chidi', vars: { code: 'C3' } },
          { to: '+254700333444', name: 'Opted', vars: { code: 'X' } },
        ],
        text: 'Hi {{name}}, your code is {{code}} ({{phone}})',
      };
      const precheck = ok(await api.request('POST', '/api/messages/bulk-precheck', { key, body: audience }));
      expect(precheck).to.include({ total_contacts: 2, countries: 2, suppressed_count: 1, unroutable_count: 0, wallet_currency: 'USD', sufficient_balance: true });
      expect(precheck.breakdown.map((r: { country_code: string }) => r.country_code).sort()).to.deep.equal(['KE', 'NG']);
      expect(await balance()).to.equal(before);

      const accepted = ok(await sendBulk(audience));
      expect(accepted).to.have.keys('batch_id', 'total_recipients', 'estimated_cost', 'status', 'deferred_by_quiet_hours', 'quiet_hours_deferrals');
      expect(accepted).to.include({ total_recipients: 2, status: 'sending' });
      expect(accepted.estimated_cost).to.be.closeTo(precheck.total_cost, 1e-9);
      expect(await balance()).to.be.closeTo(before - accepted.estimated_cost, 1e-9);

      const batch = await batchUntil(accepted.batch_id, (b) => b.counts.delivered === 2);
      expect(batch).to.include({ batch_id: accepted.batch_id, total: 2, page: 0, limit: 50 });
      expect(batch.counts).to.deep.equal({ delivered: 2 });
      expect(batch.cost).to.be.closeTo(accepted.estimated_cost, 1e-9);
      const texts = await Promise.all(batch.messages.map(async (m: { id: string }) => ok(await get(`/api/messages/${m.id}`)).text));
      expect(texts.sort()).to.deep.equal(['Hi Amina, your code is A1 (+254711200001)', 'Hi Chidi, your code is C3 (+2348031234567)']);
      expect((await get(`/api/messages/batch/${accepted.batch_id}`, otherKey)).status).to.equal(404);
      expect((await get('/api/messages/batch/bat_01JZZZZZZZZZZZZZZZZZZZZZZZ')).status).to.equal(404);
    });

    it('sends to saved contact lists combined with inline recipients, each number once; another account list is 404', async () => {
      const list = ok(await api.request('POST', '/api/contacts/lists', { key, body: { name: 'VIP customers' } }), 201);
      const members = [
        { phone: '+254711500001', name: 'Baraka', vars: { tier: 'gold' } },
        { phone: '+254711500002', name: 'Wanjiru', vars: { tier: 'silver' } },
      ];
      ok(await api.request('POST', `/api/contacts/lists/${list.id}/members`, { key, body: { members } }));
      const accepted = ok(
        await sendBulk({ recipients: [{ to: '+254711500002', name: 'Inline Wanjiru', vars: { tier: 'inline' } }], contact_list_ids: [list.id], text: '{{name}}: {{tier}}' }),
      );
      expect(accepted.total_recipients).to.equal(2);
      await batchUntil(accepted.batch_id, (b) => b.counts.delivered === 2);
      const listed = ok(await get(`/api/messages?batch_id=${accepted.batch_id}&environment=all`));
      const texts = await Promise.all(listed.messages.map(async (m: { id: string }) => ok(await get(`/api/messages/${m.id}`)).text));
      expect(texts.sort()).to.deep.equal(['Baraka: gold', 'Inline Wanjiru: inline']);
      const foreign = await sendBulk({ contact_list_ids: [list.id], text: 'x' }, otherKey);
      expect(foreign.status).to.equal(404);
    });

    it('answers 400, 402, 403, 413 and 422 for the bulk error table', async () => {
      const none = await sendBulk({ text: 'x' });
      expect([none.status, none.body.error.code, none.body.error.details[0].path]).to.deep.equal([400, 'missing_fields', 'recipients']);
      const noText = await sendBulk({ recipients: [{ to: KE }], text: '' });
      expect([noText.status, noText.body.error.details[0].path]).to.deep.equal([400, 'text']);
      const onlyOptedOut = await sendBulk({ recipients: [{ to: '+254700333444' }], text: 'x' });
      expect(onlyOptedOut.status).to.equal(400);
      expect(onlyOptedOut.body.error.code).to.equal('no_recipients');
      const unroutable = await sendBulk({ recipients: [{ to: KE }, { to: CF }, { to: 'nonsense' }], text: 'x' });
      expect(unroutable.status).to.equal(400);
      expect(unroutable.body.error).to.include({ code: 'unroutable', unroutable_count: 2 });
      const poor = await sendBulk({ recipients: [{ to: KE }, { to: KE_2 }], text: 'x' }, otherKey);
      expect(poor.status).to.equal(402);
      expect(poor.body).to.include({ segments: 2, recipients: 2, available: 0 });
      const sender = await sendBulk({ recipients: [{ to: KE }], text: 'x', sender_id: 'NOTMINE' });
      expect(sender.status).to.equal(403);
      expect(sender.body.error).to.include({ code: 'sender_id_not_approved' });
      expect(sender.body.error.countries).to.deep.equal(['KE']);
      const long = await sendBulk({ recipients: [{ to: KE, vars: { blob: 'z'.repeat(2000) } }], text: 'Hi {{blob}}' });
      expect(long.status).to.equal(413);
      const missingVar = await sendBulk({ recipients: [{ to: KE }], text: 'Hi {{first}}' });
      expect(missingVar.status).to.equal(422);
      expect(missingVar.body.error.details[0].path).to.equal('recipients.0.vars');
      const drip = await sendBulk({ recipients: [{ to: KE }], text: 'x', schedule_mode: 'drip' });
      expect(drip.status).to.equal(422);
      expect(drip.body.error.details[0].path).to.equal('drip_rate');
    });

    it('with a test key: members reach a final status without a charge', async () => {
      const before = await balance();
      const accepted = ok(await sendBulk({ recipients: [{ to: '+254711300001' }, { to: '+254711300002' }], text: 'sandbox bulk' }, testKey));
      const batch = await batchUntil(accepted.batch_id, (b) => b.counts.delivered === 2, testKey);
      expect(batch.counts).to.deep.equal({ delivered: 2 });
      expect(await balance()).to.equal(before);
    });

    it('drips: one minute of members per step, the next step due a minute later', async () => {
      const accepted = ok(
        await sendBulk({ recipients: [{ to: '+254711400001' }, { to: '+254711400002' }, { to: '+254711400003' }], text: 'drip {{phone}}', schedule_mode: 'drip', drip_rate: 1 }),
      );
      expect(accepted).to.include({ status: 'dripping', total_recipients: 3 });
      const steps = await until('the second drip step', () => jobsOf(`name = 'messaging.drip-batch' and data->>'batchId' = ?`, accepted.batch_id), (found) => found.length >= 2);
      expect(steps.map((s) => s.data.fromSeq)).to.deep.equal([0, 1]);
      const paced = new Date(steps[1]!.start_after).getTime() - new Date(steps[0]!.data.dueAt).getTime();
      expect(paced).to.equal(60_000);
      const batch = await batchUntil(accepted.batch_id, (b) => b.counts.delivered === 1);
      expect(batch.counts).to.deep.equal({ delivered: 1, queued: 2 });
      // The rest is cancelled, with a refund of what was not sent.
      const before = await balance();
      const cancelled = ok(await api.request('POST', `/api/messages/batch/${accepted.batch_id}/cancel`, { key }));
      expect(cancelled).to.include({ batch_id: accepted.batch_id, cancelled: 2 });
      expect(await balance()).to.be.closeTo(before + cancelled.refunded, 1e-9);
      expect(ok(await get(`/api/messages/batch/${accepted.batch_id}`)).counts).to.deep.equal({ delivered: 1, rejected: 2 });
    });
  });
});
