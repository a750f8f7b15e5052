import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { databaseKind } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Acceptance: two API processes on one PostgreSQL hold a key to one limit between them
 * (docs/decisions.md, issue 12). This process serves the API (A) and `apps/server/src/main.ts`
 * (TUMA_ROLE=api) a second one (B); requests go to A and B in turn, all at once, after every window
 * has ended. Each process reserves a tenth of a window at a time in the shared counters, so per
 * window the two together admit between `limit - 2 * (lease - 1)` and `limit`: never more.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const PER_SECOND = 25;
const BURST = 50;
/** A tenth of the window (DEFAULT_LEASE_SHARE), of the sustained and of the burst allowance alike. */
const LEASE = 2;
const PROCESSES = 2;
const LIMITS = {
  RATE_LIMIT_PER_SECOND: String(PER_SECOND),
  RATE_LIMIT_BURST: String(BURST),
  RATE_LIMIT_IP_PER_SECOND: '100000',
  RATE_LIMIT_STORE: 'postgres',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Spawned {
  readonly child: ChildProcess;
  readonly exited: Promise<unknown>;
  readonly output: () => string;
}

function startApiProcess(databaseUrl: string): Spawned {
  const child = spawn(process.execPath, ['--conditions=tuma-source', '--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...LIMITS, DATABASE_URL: databaseUrl, TUMA_ROLE: 'api', PORT: '0', MAIL_SUBMISSION_PORT: '0', MAIL_INBOUND_PORT: '0', HOST: '127.0.0.1', TUMA_SEED_DEMO: 'false', ADMIN_API_KEY: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, exited: new Promise((resolve) => child.once('exit', resolve)), output: () => output };
}

async function portOf(api: Spawned): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const port = /"msg":"started".*?"port":(\d+)/.exec(api.output())?.[1];
    if (port) return Number(port);
    if (api.child.exitCode !== null || Date.now() > deadline) throw new Error(`the second API process did not start:\n${api.output().slice(-4000)}`);
    await sleep(100);
  }
}

describe(`one rate limit shared by two API processes on ${databaseKind()}`, function () {
  this.timeout(120_000);
  let a: TestServer | undefined;
  let b: Spawned | undefined;

  after(async () => {
    if (b && b.child.exitCode === null) {
      b.child.kill('SIGTERM');
      await b.exited;
    }
    await a?.stop();
  });

  it('admits, per window, at most the limit across both processes and at least the limit less one lease per process', async function () {
    if (databaseKind() !== 'postgresql') {
      this.test!.title += ' [skipped: needs PostgreSQL (DATABASE_URL); on embedded PGlite only one process can open the database]';
      this.skip();
    }
    const databaseUrl = process.env.DATABASE_URL!;
    a = await startTestServer({ ...LIMITS, DATABASE_URL: databaseUrl, TUMA_ROLE: 'api' });
    b = startApiProcess(databaseUrl);
    const bases = [a.baseUrl, `http://127.0.0.1:${await portOf(b)}`];
    const liveKey = a.started.demo!.liveKey;

    /** `count` requests at once, to A and B in turn: how many each admitted, and how long it took. */
    const round = async (count: number, key = liveKey) => {
      const started = performance.now();
      const statuses = await Promise.all(
        Array.from({ length: count }, async (_, i) => {
          const res = await fetch(`${bases[i % PROCESSES]}/api/auth/me`, { headers: { Authorization: `Bearer ${key}` } });
          await res.arrayBuffer();
          return { process: i % PROCESSES, status: res.status };
        }),
      );
      const admitted = statuses.filter((s) => s.status === 200);
      expect(statuses.every((s) => s.status === 200 || s.status === 429), `only 200 and 429: ${statuses.map((s) => s.status)}`).to.equal(true);
      return { admitted: admitted.length, byProcess: [0, 1].map((p) => admitted.filter((s) => s.process === p).length), ms: performance.now() - started };
    };

    // Let every window of the live key end (the burst allowance's is 10 s), then warm both processes'
    // connections (idle ones close after 10 s) with the test key, counted apart.
    await sleep(11_000);
    await round(40, a.started.demo!.testKey);

    // Round 1: a fresh window and a full burst allowance: up to BURST between them.
    const first = await round(2 * BURST);
    // Round 2, a second later: a fresh window, the allowance (10 s) spent: up to PER_SECOND.
    await sleep(1_100);
    const second = await round(2 * PER_SECOND);
    console.log(`      round 1: ${first.admitted} admitted of ${2 * BURST} (A ${first.byProcess[0]}, B ${first.byProcess[1]}) in ${first.ms.toFixed(0)} ms; limit ${BURST} in the window`);
    console.log(`      round 2: ${second.admitted} admitted of ${2 * PER_SECOND} (A ${second.byProcess[0]}, B ${second.byProcess[1]}) in ${second.ms.toFixed(0)} ms; limit ${PER_SECOND}`);

    // Each round must fit in one window for the bounds to be the window's.
    expect(first.ms, 'round 1 within one window').to.be.below(1000);
    expect(second.ms, 'round 2 within one window').to.be.below(1000);
    // Reservations of the window and of the allowance: each process may leave one of each partly unused.
    expect(first.admitted).to.be.within(BURST - PROCESSES * 2 * (LEASE - 1), BURST);
    expect(second.admitted).to.be.within(PER_SECOND - PROCESSES * (LEASE - 1), PER_SECOND);
    // (Which process admits how many is whichever reserved first: one may take the whole window.)
  });
});
