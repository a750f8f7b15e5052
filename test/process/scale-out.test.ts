import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { FakeSmsc } from '../../adapters/carriers/test/support/fake-smsc.ts';
import { databaseKind, testDatabase, truncateAll } from '../support/test-database.ts';
import { callApi } from '../support/api-process.ts';

/**
 * Scale-out (docs/deployment.md): two API processes (TUMA_ROLE=api) and two worker processes
 * (TUMA_ROLE=worker, binding to one SMSC over SMPP) on one PostgreSQL, started together (they take
 * turns at the migrations). Single sends are spread over both APIs. What must hold for the fleet:
 * every send accepted is charged exactly once and the ledger adds up; every message reaches the
 * SMSC exactly once (no duplicate SMS); and the route's throughput (ROUTE_THROUGHPUT_PER_SECOND)
 * holds for the two workers together, not for each.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const ADMIN_KEY = 'scale-out-operator-key-0123456789';
const SENDS = 200;
const RATE = 40;
const COMMON_ENV = {
  ADMIN_API_KEY: ADMIN_KEY,
  WEBHOOK_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
  JOB_POLLING_SECONDS: '0.5',
  ROUTE_THROUGHPUT_PER_SECOND: String(RATE),
  LOG_LEVEL: 'info',
  // Four processes and the test's own pools share PostgreSQL's 100 connections with what other suites left open.
  DATABASE_POOL_SIZE: '4',
  HOST: '127.0.0.1',
  PORT: '0',
  MAIL_SUBMISSION_PORT: '0',
  MAIL_INBOUND_PORT: '0',
  // The sends go out as fast as the API answers: well over a key's default rate limit (issue 12).
  RATE_LIMIT_PER_SECOND: '100000',
};

interface Proc {
  readonly child: ChildProcess;
  output(): string;
}

function start(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--conditions=tuma-source', '--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...COMMON_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, output?: () => string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${output ? `:\n${output().slice(-3000)}` : ''}`);
    await sleep(100);
  }
}


async function sql<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
  const database = await testDatabase();
  return database.withContext(() => database.em.execute(text, params)) as Promise<T[]>;
}

describe(`scale-out: two API and two worker processes on ${databaseKind()}`, function () {
  this.timeout(180_000);
  const processes: Proc[] = [];
  let smsc: FakeSmsc;

  before(function () {
    if (databaseKind() !== 'postgresql') this.skip(); // several processes need PostgreSQL (DATABASE_URL); an embedded database is one process's
  });

  after(async () => {
    for (const proc of processes) proc.child.kill('SIGTERM');
    await Promise.all(processes.map((proc) => new Promise((resolve) => (proc.child.exitCode !== null ? resolve(undefined) : proc.child.once('exit', resolve)))));
    await smsc?.stop();
  });

  it('charges each send once, submits each message once, and holds the route rate for the fleet', async () => {
    const database = await testDatabase(); // migrated by this process first: the fleet then starts on an up-to-date schema, as it would on a redeploy
    // Suites before this one (a killed worker's flood) may leave messages queued with their jobs in
    // the shared database: the fleet's workers would hand them to this SMSC too.
    await truncateAll(database);
    if ((await sql<{ present: boolean }>(`select to_regclass('pgboss.job') is not null as present`))[0]!.present) await sql('delete from pgboss.job');
    smsc = await FakeSmsc.start({ receipt: () => ({ stat: 'DELIVRD' }) });
    const databaseUrl = process.env.DATABASE_URL!;
    const worker = { TUMA_ROLE: 'worker', DATABASE_URL: databaseUrl, CARRIER_GATEWAY: 'smpp', SMPP_HOST: '127.0.0.1', SMPP_PORT: String(smsc.port), SMPP_SYSTEM_ID: 'tuma', SMPP_PASSWORD: 'secret', SMPP_THROUGHPUT_PER_SECOND: '1000' };
    const api = { TUMA_ROLE: 'api', DATABASE_URL: databaseUrl };
    processes.push(start(api), start(api), start(worker), start(worker));
    const bases = await Promise.all(
      processes.slice(0, 2).map((proc, i) => waitFor(`API ${i} to listen`, () => /Tuma is listening on (http:\/\/\S+)/.exec(proc.output())?.[1], proc.output)),
    );
    for (const [i, proc] of processes.slice(2).entries()) await waitFor(`worker ${i} to start`, () => (proc.output().includes('"msg":"started"') ? true : undefined), proc.output);
    await waitFor('both workers to bind', () => (smsc.binds.filter((bind) => bind.accepted).length >= 2 ? true : undefined));

    const account = await callApi(bases[0]!, 'POST', '/api/admin/accounts', ADMIN_KEY, { email: 'fleet@example.com', wallet_currency: 'KES' });
    expect(account.status).to.equal(201);
    const key = (await callApi(bases[1]!, 'POST', `/api/admin/accounts/${account.body.id}/keys`, ADMIN_KEY, { environment: 'live' })).body.key as string;
    expect((await callApi(bases[0]!, 'POST', `/api/admin/balances/${account.body.id}/credit`, ADMIN_KEY, { amount: '1000', reason: 'fleet', reference: 'fleet-1' })).status).to.equal(200);

    let next = 0;
    const answers: { status: number; body: any }[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < SENDS) {
          const i = next++;
          answers.push(await callApi(bases[i % 2]!, 'POST', '/api/messages/send', key, { to: `+2547${String(30_000_000 + i).slice(-8)}`, text: `Fleet message ${i}` }));
        }
      }),
    );
    expect(answers.filter((answer) => answer.status !== 200), JSON.stringify(answers.find((answer) => answer.status !== 200))).to.deep.equal([]);

    await waitFor('every message at the SMSC', () => (smsc.submits.length >= SENDS ? true : undefined), undefined, 90_000);
    await sleep(1_000); // anything submitted twice would arrive by now
    const texts = smsc.submits.map((submit) => String((submit.pdu['short_message'] as { message?: unknown } | undefined)?.message));
    expect(texts).to.have.length(SENDS);
    expect(new Set(texts).size, 'no message submitted twice').to.equal(SENDS);

    // The fleet's rate, as a token bucket holding one second's worth allows it: any window of T
    // seconds holds at most RATE x (T + 1) submissions (+10% for timer slack), two workers together.
    const times = smsc.submits.map((submit) => submit.at).sort((a, b) => a - b);
    for (const seconds of [1, 2, 3]) {
      for (let from = times[0]!; from + seconds * 1000 <= times.at(-1)!; from += 100) {
        const inWindow = times.filter((t) => t >= from && t < from + seconds * 1000).length;
        expect(inWindow, `${seconds} s from +${Math.round(from - times[0]!)} ms`).to.be.at.most(RATE * (seconds + 1) * 1.1);
      }
    }
    expect((times.at(-1)! - times[0]!) / 1000, 'two workers do not double the rate').to.be.at.least(((SENDS - RATE) / RATE) * 0.9);

    const [ledger] = await sql<{ debits: number; charged: string; balance: string; sum: string }>(
      `select (select count(*)::int from ledger_entry where account_id = ? and kind = 'debit') as debits,
              (select coalesce(sum(cost), 0)::text from message where account_id = ?) as charged,
              (select balance::text from wallet where account_id = ?) as balance,
              (select sum(amount)::text from ledger_entry where account_id = ?) as sum`,
      [account.body.id, account.body.id, account.body.id, account.body.id],
    );
    expect(ledger!.debits).to.equal(SENDS);
    expect(Number(ledger!.balance)).to.be.closeTo(1000 - Number(ledger!.charged), 1e-6);
    expect(Number(ledger!.sum)).to.be.closeTo(Number(ledger!.balance), 1e-6);
  });
});
