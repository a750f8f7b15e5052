import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeSmsc } from '../../adapters/carriers/test/support/fake-smsc.ts';
import { databaseKind } from '../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../support/test-server.ts';
import { callApi as call, startApiProcess, stopAll, type ApiProcess } from '../support/api-process.ts';
import { privatePostgresMissing, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.ts';
import { until } from '../support/until.ts';
import { expectSentAgainOnlyInFlight, phones, smppEnv } from '../support/smsc-counts.ts';
import { JOB_TAKEOVER_ENV, startWorkerProcess, waitForStart, type WorkerProcess } from '../support/worker-process.ts';

/**
 * Acceptance (issue 31): `kill -9` of a dispatching process in the middle of a bulk send over SMPP
 * sends again at most what was in flight at that instant — at most DISPATCH_IN_FLIGHT_MAX (64)
 * numbers per killed process, each first submitted within the last 250 ms before the kill — and
 * every receipt of a submission whose acceptance was recorded is matched to its message. The SMSC
 * runs in this process (never killed) and counts every submit_sm per number; it offers a receipt
 * again until it is taken, as SMSCs do (a receipt of a submission the killed process never recorded
 * can match nothing: its message was sent again, and the second submission's receipt delivers it).
 * On PostgreSQL a worker process is killed while this process's API keeps accepting single sends;
 * on the embedded database the whole server (TUMA_ROLE=all) is killed and started again on its
 * data directory. A Verify burst whose codes wait at a slow SMSC is killed too (the embedded server;
 * on PostgreSQL a server on a private cluster): its codes are never sent again by us, and within
 * 30 s they are failed, refunded and their starts free to run again with the same key.
 * docs/reliability.md, "What a kill can duplicate".
 */

const RECIPIENTS = 3_000;
const KILL_AT_SUBMITS = 1_000;
const ADMIN = 'smpp-kill-operator-key-0123456789abcdef';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for `done` (`until` over a condition). */
const waitFor = (what: string, done: () => Promise<boolean> | boolean, ms = 120_000) => until(what, async () => done(), (reached) => reached, ms);

/** `npm start` on the data directory: its port, its demo account's live key (first start only) and its output. */
async function startEmbedded(dataDir: string, smsc: FakeSmsc, onStart: (child: ChildProcess) => void): Promise<{ child: ChildProcess; baseUrl: string; liveKey: string | undefined; output: () => string }> {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--conditions=tuma-source', '--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...inherited, ...smppEnv(smsc), ...JOB_TAKEOVER_ENV, PORT: '0', HOST: '127.0.0.1', MAIL_SUBMISSION_PORT: '0', MAIL_INBOUND_PORT: '0', TUMA_DATA_DIR: dataDir, ADMIN_API_KEY: ADMIN, BODY_LIMIT_BYTES: '16777216', JOB_POLLING_SECONDS: '0.5' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onStart(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('the embedded server to listen', () => {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output.slice(-4000)}`);
    return /listening on http:\/\/localhost:(\d+)/.test(output);
  }, 90_000);
  const port = /listening on http:\/\/localhost:(\d+)/.exec(output)![1];
  return { child, baseUrl: `http://127.0.0.1:${port}`, liveKey: /live key: (svc_live_\S+)/.exec(output)?.[1], output: () => output };
}


/** A server to kill (its process) and its address. */
interface Served {
  readonly child: ChildProcess;
  readonly baseUrl: string;
}

/**
 * Kills the server mid-Verify burst, its codes unanswered at `slow` (an SMSC answering late), and
 * starts it again (`again`): until the guard, a retry of a start gets the kept 201 pending; within
 * 30 s of the kill each code in flight is failed and refunded and its start runs again with the
 * same key; no number gets a second code but by its caller's retry.
 */
async function expectVerifyBurstKillRecovers(slow: FakeSmsc, first: Served & { readonly key: string }, again: () => Promise<Served>): Promise<void> {
  const { key } = first;
  const balanceBefore = (await call(first.baseUrl, 'GET', '/api/balance', key)).body.balance;
  const start = (baseUrl: string, to: string) =>
    fetch(`${baseUrl}/v1/verify/start`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': `start-${to}` }, body: JSON.stringify({ to }) });
  const numbers = phones(12, '+2547330');
  const burst = numbers.map((to) => start(first.baseUrl, to).catch((error: unknown) => error));
  await waitFor('codes at the carrier', () => slow.submits.length > 0, 30_000);
  const killedAt = Date.now();
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  const answers = await Promise.all(burst);
  // Those whose code was at the carrier, unanswered, at the kill: their callers got no answer.
  const unanswered = numbers.filter((to, index) => !(answers[index] instanceof Response) && slow.submitsByDestination().has(to.slice(1)));
  expect(unanswered.length, 'codes in flight at the kill').to.be.greaterThan(0);
  const dead = unanswered[0]!;

  const second = await again();
  const replay = await start(second.baseUrl, dead);
  const kept = (await replay.json()) as { id: string; status: string };
  expect([replay.status, replay.headers.get('idempotent-replayed'), kept.status], 'before the guard: the kept answer').to.deep.equal([201, 'true', 'pending']);
  await waitFor('the first code failed by its guard', async () => (await call(second.baseUrl, 'GET', `/v1/verify/${kept.id}`, key)).body.status === 'failed', 40_000);
  const failedAfter = Date.now() - killedAt;
  console.log(`      failed ${failedAfter} ms after the kill`);
  expect(failedAfter, 'failed within 30 s').to.be.below(30_000);
  // Every code in flight at the kill is failed and refunded; those answered before it are charged.
  const messagesOf = async () => (await call(second.baseUrl, 'GET', '/api/messages?limit=100', key)).body.messages as { phone: string; status: string; error_code: string | null; cost: number }[];
  await waitFor('every code in flight failed', async () => (await messagesOf()).filter((m) => unanswered.includes(m.phone)).every((m) => m.status === 'failed' && m.error_code === 'dispatch_failed'), 10_000);
  const charged = (await messagesOf()).filter((m) => m.status !== 'failed').reduce((sum, m) => sum + m.cost, 0);
  expect((await call(second.baseUrl, 'GET', '/api/balance', key)).body.balance, 'refunded').to.be.closeTo(balanceBefore - charged, 1e-6);
  const retried = await start(second.baseUrl, dead);
  const restarted = (await retried.json()) as { id: string; status: string };
  expect([retried.status, retried.headers.get('idempotent-replayed'), restarted.status], 'the same key starts again').to.deep.equal([201, null, 'pending']);
  expect(restarted.id).to.not.equal(kept.id);
  await waitFor('the new code at the carrier', () => slow.submitsByDestination().get(dead.slice(1))?.length === 2, 20_000);
  const perNumber = slow.submitsByDestination();
  expect(numbers.filter((to) => to !== dead && (perNumber.get(to.slice(1))?.length ?? 0) > 1), 'numbers sent a code twice').to.deep.equal([]);
}

describe(`SMPP sends killed mid-way (a bulk, a Verify burst) on ${databaseKind()}`, function () {
  this.timeout(240_000);
  let smsc: FakeSmsc;

  beforeEach(async () => {
    smsc = await FakeSmsc.start({ receipt: () => ({ stat: 'DELIVRD', delayMs: 30 }), redeliverReceiptsMs: 300, receiptAttempts: 30 });
  });
  afterEach(() => smsc.stop());

  describe('a worker process, while the API keeps accepting', () => {
    let api: TestServer | undefined;
    const workers: WorkerProcess[] = [];
    after(async () => {
      for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
      await Promise.all(workers.map((worker) => worker.exited));
      await api?.stop();
    });

    it('sends again only what was in flight at the kill, and delivers every message', async function () {
      if (databaseKind() !== 'postgresql') {
        this.test!.title += ' [skipped: needs PostgreSQL (DATABASE_URL); the embedded server is killed whole below]';
        this.skip();
      }
      const env = smppEnv(smsc);
      api = await startTestServer({ TUMA_ROLE: 'api', BODY_LIMIT_BYTES: '16777216', ...JOB_TAKEOVER_ENV, ...env });
      const server = api;
      const key = server.started.demo!.liveKey;
      const credit = await server.request('POST', `/api/admin/balances/${server.started.demo!.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 500, reason: 'smpp kill', reference: 'smpp-kill' } });
      expect(credit.status).to.equal(200);
      const start = () => {
        const worker = startWorkerProcess({ ...env, DATABASE_URL: process.env.DATABASE_URL! });
        workers.push(worker);
        return worker;
      };
      const first = start();
      await waitForStart(first, 'the first worker');

      const bulk = phones(RECIPIENTS, '+2547110');
      const accepted = await server.request('POST', '/api/messages/send-bulk', { key, body: { recipients: bulk.map((to) => ({ to })), text: 'Habari! Your parcel is on its way.' } });
      expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
      // Single sends keep coming through the API all along, before, at and after the kill.
      const singles: string[] = [];
      let sending = true;
      const singleSends = (async () => {
        for (let i = 0; sending && i < 400; i++) {
          const to = `+2547220${String(i).padStart(5, '0')}`;
          const sent = await server.request('POST', '/api/messages/send', { key, body: { to, text: 'Your code is on its way' } });
          expect(sent.status, JSON.stringify(sent.body)).to.equal(200);
          singles.push(to);
          await sleep(20);
        }
      })();

      await waitFor(`${KILL_AT_SUBMITS} submit_sm`, () => smsc.submits.length >= KILL_AT_SUBMITS || first.child.exitCode !== null);
      const killedAt = performance.now();
      first.child.kill('SIGKILL');
      expect(await first.exited).to.deep.equal({ code: null, signal: 'SIGKILL' });
      const second = start();
      await waitForStart(second, 'the second worker');
      await sleep(2_000);
      sending = false;
      await singleSends;

      const numbers = [...bulk, ...singles];
      // The counts by status, so that a wait that runs out says where the rest are.
      await until('every message delivered', async () => (await server.request('GET', '/api/messages/stats', { key })).body.by_status as Record<string, number>, (byStatus) => byStatus.delivered === numbers.length, 120_000);
      expectSentAgainOnlyInFlight(smsc, { at: killedAt, processes: 1, what: 'kill' }, numbers);
    });
  });

  describe('the embedded server, started again on its data directory', () => {
    let dataDir: string;
    // Every server a test starts (the one started again too) is stopped after it: one left running would take CPU from every later file.
    const servers: ChildProcess[] = [];
    const track = (child: ChildProcess) => servers.push(child);
    before(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'tuma-smpp-kill-'));
    });
    const stopServers = async () => {
      for (const server of servers.splice(0)) {
        if (server.exitCode !== null || server.signalCode !== null) continue;
        server.kill('SIGKILL');
        await new Promise((resolve) => server.once('exit', resolve));
      }
    };
    afterEach(stopServers);
    after(() => rmSync(dataDir, { recursive: true, force: true }));

    it('sends again only what was in flight at the kill, and delivers every message', async function () {
      if (databaseKind() !== 'pglite') {
        this.test!.title += ' [skipped: runs in the embedded leg of the suite; a worker is killed above on PostgreSQL]';
        this.skip();
      }
      const first = await startEmbedded(dataDir, smsc, track);
      const key = first.liveKey!;
      expect(key, first.output()).to.be.a('string');
      const me = await call(first.baseUrl, 'GET', '/api/auth/me', key);
      const credit = await call(first.baseUrl, 'POST', `/api/admin/balances/${me.body.id}/credit`, ADMIN, { amount: 500, reason: 'smpp kill', reference: 'smpp-kill' });
      expect(credit.status, JSON.stringify(credit.body)).to.equal(200);
      const bulk = phones(RECIPIENTS, '+2547110');
      const accepted = await call(first.baseUrl, 'POST', '/api/messages/send-bulk', key, { recipients: bulk.map((to) => ({ to })), text: 'Habari! Your parcel is on its way.' });
      expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);

      await waitFor(`${KILL_AT_SUBMITS} submit_sm`, () => smsc.submits.length >= KILL_AT_SUBMITS || first.child.exitCode !== null);
      const killedAt = performance.now();
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      expect(first.child.signalCode).to.equal('SIGKILL');

      const second = await startEmbedded(dataDir, smsc, track);
      await waitFor('every member delivered', async () => (await call(second.baseUrl, 'GET', `/api/messages/batch/${accepted.body.batch_id}?limit=1`, key)).body.counts?.delivered === RECIPIENTS, 180_000);
      expectSentAgainOnlyInFlight(smsc, { at: killedAt, processes: 1, what: 'kill' }, bulk);
    });
    it('fails and refunds within 30 s the codes whose server died waiting for the carrier, and their starts run again with the same key', async function () {
      if (databaseKind() !== 'pglite') {
        this.test!.title += ' [skipped: runs in the embedded leg of the suite; on a private PostgreSQL cluster below]';
        this.skip();
      }
      // A slow carrier: the codes of the burst are in flight, unanswered, when the server dies.
      const slow = await FakeSmsc.start({ responseDelayMs: 4_000, receipt: () => ({ stat: 'DELIVRD' }) });
      const verifyDir = mkdtempSync(join(tmpdir(), 'tuma-verify-kill-'));
      try {
        const first = await startEmbedded(verifyDir, slow, track);
        const me = await call(first.baseUrl, 'GET', '/api/auth/me', first.liveKey!);
        expect((await call(first.baseUrl, 'POST', `/api/admin/balances/${me.body.id}/credit`, ADMIN, { amount: 50, reason: 'verify kill', reference: 'verify-kill' })).status).to.equal(200);
        await expectVerifyBurstKillRecovers(slow, { ...first, key: first.liveKey! }, () => startEmbedded(verifyDir, slow, track));
      } finally {
        await stopServers();
        await slow.stop();
        rmSync(verifyDir, { recursive: true, force: true });
      }
    });
  });

  describe('a server on a private PostgreSQL cluster, started again', () => {
    let cluster: PrivatePostgres | undefined;
    const servers: ApiProcess[] = [];
    after(async () => {
      await stopAll(servers);
      await cluster?.destroy();
    });

    it('fails and refunds within 30 s the codes whose server died waiting for the carrier, and their starts run again with the same key', async function () {
      const missing = privatePostgresMissing();
      if (databaseKind() !== 'postgresql' || missing) {
        this.test!.title += ` [skipped: ${missing ?? 'runs in the PostgreSQL leg of the suite; the embedded server above'}]`;
        this.skip();
      }
      cluster = await startPrivatePostgres();
      const slow = await FakeSmsc.start({ responseDelayMs: 4_000, receipt: () => ({ stat: 'DELIVRD' }) });
      const start = async () => {
        const server = await startApiProcess('verify-kill', { DATABASE_URL: cluster!.url, TUMA_ROLE: 'all', ADMIN_API_KEY: ADMIN, RATE_LIMIT_ENABLED: 'false', JOB_POLLING_SECONDS: '0.5', ...smppEnv(slow) });
        servers.push(server);
        return server;
      };
      try {
        const first = await start();
        const account = (await call(first.baseUrl, 'POST', '/api/admin/accounts', ADMIN, { email: 'verify-kill@example.com' })).body;
        const key = (await call(first.baseUrl, 'POST', `/api/admin/accounts/${account.id}/keys`, ADMIN, { environment: 'live' })).body.key as string;
        expect((await call(first.baseUrl, 'POST', `/api/admin/balances/${account.id}/credit`, ADMIN, { amount: 50, reason: 'verify kill', reference: 'verify-kill' })).status).to.equal(200);
        expect((await call(first.baseUrl, 'POST', '/api/admin/fx-rates', ADMIN, { from: 'USD', to: 'KES', rate: '129.5' })).status).to.equal(201);
        await expectVerifyBurstKillRecovers(slow, { ...first, key }, start);
      } finally {
        await slow.stop();
      }
    });
  });
});
