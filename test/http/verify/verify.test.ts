import type { Clock } from '@tuma/kernel';
import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';
import { until } from '../../support/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.ts';

/** The system clock moved forward on demand: codes expire without waiting. */
class ShiftedClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

/**
 * Verify black-box (docs/verify.md): start and check with test keys (sandbox_code, 000000, no SMS,
 * no charge) and live keys (the code read from the simulator's handset inbox, charged once, masked
 * everywhere of ours), the state machine's limits, resends, cancel, failures and refunds, apps.
 */
describe(`HTTP Verify on ${databaseKind()}`, function () {
  this.timeout(60_000);
  const clock = new ShiftedClock();
  let api: TestServer;
  let live: string;
  let test: string;
  let accountId: string;
  let receiver: WebhookReceiver;

  const start = (key: string, body: Record<string, unknown>) => api.request('POST', '/v1/verify/start', { key, body });
  const check = (key: string, id: string, code: string) => api.request('POST', '/v1/verify/check', { key, body: { verification_id: id, code } });
  const balance = async () => ok(await api.request('GET', '/api/balance', { key: live })).balance as number;

  before(async () => {
    receiver = await startWebhookReceiver();
    api = await startTestServer({ SIMULATOR_LATENCY_MS: '5-30', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL, WEBHOOK_ALLOW_HOSTS: receiver.host }, { clock });
    live = api.started.demo!.liveKey;
    test = api.started.demo!.testKey;
    accountId = api.started.demo!.accountId;
    ok(await api.request('POST', `/api/admin/balances/${accountId}/credit`, { key: ADMIN_KEY, body: { amount: 50, reason: 'verify', reference: 'verify-1' } }));
  });
  after(async () => {
    await api.stop();
    await receiver.close();
  });

  describe('test keys', () => {
    it('start answers 201 pending with the spec fields and a sandbox_code; no SMS, no charge', async () => {
      const before = await balance();
      const started = ok(await start(test, { to: '+254712000001' }), 201);
      expect(started).to.include({ status: 'pending', to: '+254712000001', channel: 'sms', attempts_left: 5, sends_left: 4 });
      expect(started.currency).to.equal(ok(await api.request('GET', '/api/balance', { key: live })).currency);
      expect(started.id).to.match(/^ver_[0-9A-Z]{26}$/);
      expect(started.app_id).to.match(/^vera_/);
      expect(started.sandbox_code).to.match(/^\d{6}$/);
      expect(started.cost).to.be.greaterThan(0);
      expect(new Date(started.expires_at).getTime() - new Date(started.created_at).getTime()).to.equal(600_000);
      expect(await balance()).to.equal(before);
      const messages = ok(await api.request('GET', '/api/messages?environment=test&limit=100', { key: test })).messages;
      expect(messages.filter((m: { to: string }) => m.to === '+254712000001'), 'no SMS for a test key').to.have.length(0);
      const approved = ok(await check(test, started.id, started.sandbox_code));
      expect(approved).to.deep.equal({ id: started.id, status: 'approved', valid: true, attempts_left: 4 });
      expect(ok(await check(test, started.id, started.sandbox_code)), 'single use').to.deep.include({ status: 'approved', valid: false });
    });

    it('000000 always passes a test key\'s check', async () => {
      const started = ok(await start(test, { to: '+254712000002' }), 201);
      expect(ok(await check(test, started.id, '000000'))).to.include({ status: 'approved', valid: true });
    });

    it('locks after 5 wrong codes: max_attempts_reached, and the right code then fails', async () => {
      const started = ok(await start(test, { to: '+254712000003' }), 201);
      const wrong = started.sandbox_code === '123456' ? '654321' : '123456';
      for (let left = 4; left >= 1; left--) expect(ok(await check(test, started.id, wrong))).to.include({ status: 'pending', valid: false, attempts_left: left });
      expect(ok(await check(test, started.id, wrong))).to.include({ status: 'max_attempts_reached', valid: false, attempts_left: 0 });
      expect(ok(await check(test, started.id, started.sandbox_code))).to.include({ status: 'max_attempts_reached', valid: false });
    });

    it('expires after the TTL: reads say expired, and the right code fails', async () => {
      const started = ok(await start(test, { to: '+254712000004' }), 201);
      clock.offsetMs += 601_000;
      try {
        expect(ok(await api.request('GET', `/v1/verify/${started.id}`, { key: test })).status).to.equal('expired');
        expect(ok(await check(test, started.id, started.sandbox_code))).to.include({ status: 'expired', valid: false });
      } finally {
        clock.offsetMs -= 601_000;
      }
    });

    it('resends after the cooldown with a new code (the old one stops working), up to max_sends', async () => {
      const started = ok(await start(test, { to: '+254712000005' }), 201);
      const tooSoon = await api.request('POST', `/v1/verify/${started.id}/resend`, { key: test });
      expect([tooSoon.status, tooSoon.body.error.code, tooSoon.headers.get('retry-after')]).to.deep.equal([429, 'resend_too_soon', '30']);
      let code = started.sandbox_code;
      for (let left = 3; left >= 0; left--) {
        clock.offsetMs += 31_000;
        const resent = ok(await api.request('POST', `/v1/verify/${started.id}/resend`, { key: test }));
        expect(resent).to.include({ status: 'pending', sends_left: left });
        expect(resent.sandbox_code).to.match(/^\d{6}$/);
        if (resent.sandbox_code !== code) expect(ok(await check(test, started.id, code)).valid, 'the old code').to.equal(false);
        code = resent.sandbox_code;
      }
      clock.offsetMs += 31_000;
      const spent = await api.request('POST', `/v1/verify/${started.id}/resend`, { key: test });
      expect([spent.status, spent.body.error.code]).to.deep.equal([429, 'max_sends_reached']);
      expect(ok(await check(test, started.id, code))).to.include({ status: 'approved', valid: true });
    });

    it('cancels a pending verification; a second cancel is 409, a check then fails', async () => {
      const started = ok(await start(test, { to: '+254712000006' }), 201);
      expect(ok(await api.request('POST', `/v1/verify/${started.id}/cancel`, { key: test })).status).to.equal('canceled');
      const again = await api.request('POST', `/v1/verify/${started.id}/cancel`, { key: test });
      expect([again.status, again.body.error.code]).to.deep.equal([409, 'verification_not_pending']);
      expect(ok(await check(test, started.id, started.sandbox_code))).to.include({ status: 'canceled', valid: false });
    });

    it("keeps environments and accounts apart: another's id is 404 on every route", async () => {
      const started = ok(await start(test, { to: '+254712000007' }), 201);
      for (const [method, path, body] of [
        ['GET', `/v1/verify/${started.id}`],
        ['POST', `/v1/verify/${started.id}/resend`],
        ['POST', `/v1/verify/${started.id}/cancel`],
        ['POST', '/v1/verify/check', { verification_id: started.id, code: '000000' }],
      ] as [string, string, unknown?][]) {
        const res = await api.request(method, path, { key: live, ...(body ? { body } : {}) });
        expect([res.status, res.body.error?.code], `${method} ${path}`).to.deep.equal([404, 'not_found']);
      }
      const listed = ok(await api.request('GET', '/v1/verify?limit=100', { key: live })).verifications.map((v: { id: string }) => v.id);
      expect(listed).to.not.include(started.id);
    });

    it('lists newest first with paging and filters by status and number', async () => {
      const page = ok(await api.request('GET', '/v1/verify?limit=2&page=0', { key: test }));
      expect(page.verifications).to.have.length(2);
      expect(page.total).to.be.greaterThanOrEqual(7);
      expect(new Date(page.verifications[0].created_at).getTime()).to.be.at.least(new Date(page.verifications[1].created_at).getTime());
      const approved = ok(await api.request('GET', '/v1/verify?status=approved&limit=100', { key: test })).verifications;
      expect(approved.length).to.be.greaterThanOrEqual(3);
      expect(approved.every((v: { status: string }) => v.status === 'approved')).to.equal(true);
      const one = ok(await api.request('GET', '/v1/verify?to=%2B254712000006', { key: test })).verifications;
      expect(one.map((v: { to: string; status: string }) => [v.to, v.status])).to.deep.equal([['+254712000006', 'canceled']]);
      const bad = await api.request('GET', '/v1/verify?status=done', { key: test });
      expect([bad.status, bad.body.error.details[0].path]).to.deep.equal([422, 'status']);
    });
  });

  describe('live keys', () => {
    /** What the simulated handset received for `to`, newest first (the operator's inbox). */
    const inbox = async (to: string) =>
      ok(await api.request('GET', `/api/admin/simulator/messages?to=${encodeURIComponent(to)}`, { key: ADMIN_KEY })).messages as { message_id: string; text: string; environment: string }[];
    const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

    it('sends the code by SMS (read back from the handset), charges its price once, and approves it', async () => {
      const before = await balance();
      const started = ok(await start(live, { to: '+254712000101' }), 201);
      expect(started).to.not.have.property('sandbox_code');
      expect(started.status).to.equal('pending');
      const [sms] = await inbox('+254712000101');
      expect(sms!.environment).to.equal('live');
      expect(sms!.text).to.match(/^Your Verify code is \d{6}\. It expires in 10 minutes\.$/);
      expect(await balance()).to.be.closeTo(before - started.cost, 1e-6);
      expect(ok(await check(live, started.id, '000000')).valid, '000000 is nothing special for live keys').to.equal(false);
      expect(ok(await check(live, started.id, codeIn(sms!.text)))).to.include({ status: 'approved', valid: true, attempts_left: 3 });
    });

    it('never keeps the code: the message row, list and message webhooks show it masked', async () => {
      const started = ok(await start(live, { to: '+254712000102' }), 201);
      const [sms] = await inbox('+254712000102');
      const stored = ok(await api.request('GET', `/api/messages/${sms!.message_id}`, { key: live }));
      expect(stored.text).to.equal(sms!.text.replace(/\d{6}/, '******'));
      expect(stored.text).to.not.include(codeIn(sms!.text));
      const listed = ok(await api.request('GET', '/api/messages?limit=100', { key: live })).messages.find((m: { id: string }) => m.id === sms!.message_id);
      expect(listed.text).to.not.include(codeIn(sms!.text));
      expect(ok(await api.request('GET', `/v1/verify/${started.id}`, { key: live }))).to.not.have.property('code');
    });

    it("reports a code's SMS to the account's dlr_url like any message's: submitted, then delivered", async () => {
      ok(await api.request('PUT', '/api/webhooks', { key: live, body: { dlr_url: `${receiver.url}/dlr` } }));
      try {
        ok(await start(live, { to: '+254712000104' }), 201);
        const [sms] = await inbox('+254712000104');
        const reports = await until(
          'the reports of the code',
          async () => receiver.received.filter((hook) => hook.body.message_id === sms!.message_id).map((hook) => hook.body.status),
          (statuses) => statuses.includes('delivered'),
        );
        expect(reports.toSorted(), 'each once (their jobs may deliver them in either order)').to.deep.equal(['delivered', 'submitted']);
      } finally {
        ok(await api.request('PUT', '/api/webhooks', { key: live, body: { dlr_url: null } }));
      }
    });

    it('answers 502 otp_send_failed when the carrier refuses the SMS: the verification failed, the charge refunded', async () => {
      const before = await balance();
      const refused = await start(live, { to: '+254715550001' });
      expect([refused.status, refused.body.error.code]).to.deep.equal([502, 'otp_send_failed']);
      expect(await balance(), 'charged and refunded').to.be.closeTo(before, 1e-6);
      const failed = ok(await api.request('GET', '/v1/verify?to=%2B254715550001', { key: live })).verifications;
      expect(failed.map((v: { status: string; cost: number }) => [v.status, v.cost])).to.deep.equal([['failed', 0]]);
      const message = ok(await api.request('GET', `/api/messages/${refused.body.error.message_id}`, { key: live }));
      expect(message.status).to.equal('failed');
      const ledger = ok(await api.request('GET', '/api/balance/transactions?limit=5', { key: live })).transactions.map((t: { kind: string }) => t.kind);
      expect(ledger.slice(0, 2)).to.deep.equal(['refund', 'debit']);
    });

    it('frees the Idempotency-Key of a start the carrier refused: its retry starts again rather than replaying a pending start', async () => {
      const before = await balance();
      const headers = { 'Idempotency-Key': `refused-${Date.now()}` };
      for (const attempt of [1, 2]) {
        const refused = await api.request('POST', '/v1/verify/start', { key: live, body: { to: '+254715550002' }, headers });
        expect([refused.status, refused.body.error.code, refused.headers.get('idempotent-replayed')], `attempt ${attempt}`).to.deep.equal([502, 'otp_send_failed', null]);
      }
      const tried = ok(await api.request('GET', '/v1/verify?to=%2B254715550002', { key: live })).verifications;
      expect(tried.map((v: { status: string }) => v.status)).to.deep.equal(['failed', 'failed']);
      expect(await balance()).to.be.closeTo(before, 1e-6);
    });

    it('answers 402 with the SMS price when the wallet cannot pay, and stores nothing', async () => {
      const poor = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'poor-verify@example.com' } }), 201);
      const key = ok(await api.request('POST', `/api/admin/accounts/${poor.id}/keys`, { key: ADMIN_KEY, body: { environment: 'live' } }), 201).key;
      const refused = await start(key, { to: '+254712000103' });
      expect([refused.status, refused.body.error.code]).to.deep.equal([402, 'insufficient_balance']);
      expect(refused.body).to.have.property('required');
      expect(ok(await api.request('GET', '/v1/verify', { key })).total).to.equal(0);
    });
  });

  describe('Idempotency-Key', () => {
    it('answers 20 parallel starts with one key with one verification: one SMS, one charge, the same ver_ id', async () => {
      const before = await balance();
      const key = `otp-${Date.now()}`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => api.request('POST', '/v1/verify/start', { key: live, body: { to: '+254712000201' }, headers: { 'Idempotency-Key': key } })),
      );
      const created = answers.filter((a) => a.status === 201);
      expect(answers.every((a) => a.status === 201 || (a.status === 409 && a.body.error.code === 'idempotency_key_in_progress')), JSON.stringify(answers.map((a) => a.status))).to.equal(true);
      expect(new Set(created.map((a) => a.body.id)).size).to.equal(1);
      const replay = ok(await api.request('POST', '/v1/verify/start', { key: live, body: { to: '+254712000201' }, headers: { 'Idempotency-Key': key } }), 201);
      expect(replay.id).to.equal(created[0]!.body.id);
      expect(ok(await api.request('GET', '/v1/verify?to=%2B254712000201', { key: live })).total).to.equal(1);
      expect(await balance()).to.be.closeTo(before - replay.cost, 1e-6);
      const reused = await api.request('POST', '/v1/verify/start', { key: live, body: { to: '+254712000202' }, headers: { 'Idempotency-Key': key } });
      expect([reused.status, reused.body.error.code]).to.deep.equal([422, 'idempotency_key_reused']);
    });
  });

  describe('errors', () => {
    it('refuses a bad number (400 invalid_phone_number naming to) and an unknown app (404)', async () => {
      const bad = await start(test, { to: '12' });
      expect([bad.status, bad.body.error.code, bad.body.error.details[0].path]).to.deep.equal([400, 'invalid_phone_number', 'to']);
      const unknown = await start(test, { to: '+254712000010', app_id: 'vera_01JDZ8Q4M5N6P7R8S9T0V1W2X3' });
      expect([unknown.status, unknown.body.error.code]).to.deep.equal([404, 'not_found']);
    });

    it('refuses opted-out numbers with 400 recipient_opted_out and charges nothing', async () => {
      ok(await api.request('POST', '/api/opt-outs', { key: live, body: { phone: '+254712000011' } }), 201);
      const before = await balance();
      for (const key of [test, live]) {
        const refused = await start(key, { to: '+254712000011' });
        expect([refused.status, refused.body.error.code]).to.deep.equal([400, 'recipient_opted_out']);
      }
      expect(await balance()).to.equal(before);
    });

    it('limits starts to one number to 5 an hour (429 rate_limited with Retry-After)', async () => {
      for (let i = 0; i < 5; i++) ok(await start(test, { to: '+254712000012' }), 201);
      const refused = await start(test, { to: '+254712000012' });
      expect([refused.status, refused.body.error.code]).to.deep.equal([429, 'rate_limited']);
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 3600);
      ok(await start(test, { to: '+254712000013' }), 201);
    });
  });

  describe('Verify Apps', () => {
    it('creates an app with a brand and template, and a start with it renders them', async () => {
      const app = ok(await api.request('POST', '/v1/verify/apps', { key: live, body: { name: 'Checkout', brand: 'Duka', template: '{{brand}}: {{code}} is your code ({{minutes}} min)', code_length: 8, ttl_seconds: 300, allowed_countries: ['KE'] } }), 201);
      expect(app).to.include({ name: 'Checkout', brand: 'Duka', code_length: 8, ttl_seconds: 300, max_check_attempts: 5, max_sends: 5, resend_cooldown_seconds: 30 });
      expect(app.allowed_countries).to.deep.equal(['KE']);
      const started = ok(await start(test, { to: '+254712000020', app_id: app.id }), 201);
      expect(started.sandbox_code).to.match(/^\d{8}$/);
      const elsewhere = await start(test, { to: '+255712345678', app_id: app.id });
      expect([elsewhere.status, elsewhere.body.error.code]).to.deep.equal([400, 'country_not_allowed']);
    });

    it('refuses templates without {{code}}, with unknown placeholders or over one GSM-7 segment (422 naming template)', async () => {
      for (const template of ['No code here', 'Code {{code}} for {{name}}', `{{code}} ${'x'.repeat(160)}`, 'Nambari yako ni {{code}} 😀']) {
        const res = await api.request('POST', '/v1/verify/apps', { key: live, body: { brand: 'Duka', template } });
        expect([res.status, res.body.error.details[0].path], template).to.deep.equal([422, 'template']);
      }
      const range = await api.request('POST', '/v1/verify/apps', { key: live, body: { code_length: 3 } });
      expect([range.status, range.body.error.details[0].path]).to.deep.equal([422, 'code_length']);
    });

    it('lists, reads, changes and deletes apps; test keys read but do not change them; another account sees none', async () => {
      const apps = ok(await api.request('GET', '/v1/verify/apps', { key: test })).apps;
      expect(apps.length).to.be.greaterThanOrEqual(2);
      const app = apps.find((a: { name: string }) => a.name === 'Checkout');
      const refused = await api.request('PATCH', `/v1/verify/apps/${app.id}`, { key: test, body: { brand: 'X' } });
      expect([refused.status, refused.body.error.code]).to.deep.equal([403, 'live_key_required']);
      expect(ok(await api.request('PATCH', `/v1/verify/apps/${app.id}`, { key: live, body: { max_sends: 3 } }))).to.include({ max_sends: 3, brand: 'Duka' });
      const other = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'other-verify@example.com' } }), 201);
      const otherKey = ok(await api.request('POST', `/api/admin/accounts/${other.id}/keys`, { key: ADMIN_KEY, body: { environment: 'live' } }), 201).key;
      expect((await api.request('GET', `/v1/verify/apps/${app.id}`, { key: otherKey })).status).to.equal(404);
      expect(ok(await api.request('GET', '/v1/verify/apps', { key: otherKey })).apps).to.deep.equal([]);
      expect((await api.request('DELETE', `/v1/verify/apps/${app.id}`, { key: live })).status).to.equal(204);
      expect((await api.request('GET', `/v1/verify/apps/${app.id}`, { key: live })).status).to.equal(404);
    });
  });
});
