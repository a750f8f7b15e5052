/**
 * Requests per second and p99 latency at 32 connections (issue 12, item 2; issue 34, goal 2) of the
 * cheapest routes and the reads dashboards and SDKs poll: `GET /health` (liveness, no database),
 * `GET /health/ready` (database, queue, pricing gaps), `GET /api/auth/me` (key authentication and
 * the wallet balance), `GET /api/balance`, `GET /api/messages/{id}` and `POST /api/messages/rate`
 * (a one-recipient quote), next to a bare Koa handler in the same run, with each one's CPU per
 * request (the server's, PostgreSQL's). Goals (issue 34): auth/me, balance and a message >= 25% of
 * bare Koa, the quote >= 20%.
 *
 * The server is a real `apps/server/src/main.ts` process (TUMA_ROLE=all, LOG_LEVEL=info: one log
 * line per request, written to a file as in production), and so is the bare Koa baseline; the load
 * comes from autocannon in this process. On a 2-core machine load generator, server and PostgreSQL
 * share the cores, so compare with the baseline of the same run rather than across machines.
 *
 * Run: `npm run bench auth-health` (DATABASE_URL's server, default the local PostgreSQL; a scratch
 * database). Each route is measured BENCH_ROUNDS times (default 3, the routes taking turns, so that
 * other load on the machine hits them alike): the median, and the range. BENCH_SECONDS sets each
 * measurement (default 10, after 3 s of warm-up);
 * BENCH_SERVER_ROOT another checkout whose server to measure (e.g. the commit before, for a
 * before/after table: it needs its own `npm ci`).
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_ADMIN_KEY, BENCH_SERVER_ENV } from './support/bench-server.ts';
import { cpuPer, sampleCpu } from './support/process-cpu.ts';
import { call } from './support/http-call.ts';
import { median } from './support/measure.ts';
import { BARE_KOA, profileOptions, SERVER_ROOT, startServerProcess, startTumaProcess } from './support/server-process.ts';
import { withScratchDatabase } from './support/scratch-database.ts';

const CONNECTIONS = 32;
const WARM_UP_S = 3;
const MEASURE_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ADMIN_KEY = BENCH_ADMIN_KEY;

interface Load {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

interface Measured {
  readonly rate: number;
  readonly p99: number;
  readonly failed: number;
  /** The server's and PostgreSQL's CPU per request. */
  readonly cpu: string;
}

async function measure(load: Load, serverPid: number): Promise<Measured> {
  const options = { ...load, connections: CONNECTIONS };
  await autocannon({ ...options, duration: WARM_UP_S });
  const before = sampleCpu({ server: serverPid });
  const result = await autocannon({ ...options, duration: MEASURE_S });
  const cpu = cpuPer(before, sampleCpu({ server: serverPid }), result.requests.total).replace(/, load generator .*/, '');
  return { rate: result.requests.total / MEASURE_S, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts, cpu };
}

export default async function (): Promise<void> {
  await withScratchDatabase(async (url) => {
    const logDir = mkdtempSync(join(tmpdir(), 'tuma-bench-'));
    const bare = await startServerProcess(BARE_KOA, {}, logDir, 'bare-koa');
    // Rate limits on, too high to refuse the load (BENCH_SERVER_ENV): with the defaults every row would measure 429s.
    const tuma = await startTumaProcess(url, { ...BENCH_SERVER_ENV, TUMA_ROLE: 'all' }, logDir, profileOptions());
    try {
      const base = tuma.baseUrl;
      const account = await call(base, 'POST', '/api/admin/accounts', ADMIN_KEY, { email: 'bench@example.com', wallet_currency: 'KES' });
      const key = (await call(base, 'POST', `/api/admin/accounts/${account.body.id}/keys`, ADMIN_KEY, { environment: 'live' })).body.key as string;
      await call(base, 'POST', `/api/admin/balances/${account.body.id}/credit`, ADMIN_KEY, { amount: '1000', reason: 'bench', reference: 'bench' });
      await call(base, 'POST', '/api/admin/fx-rates', ADMIN_KEY, { from: 'USD', to: 'KES', rate: '129.5' });
      const auth = { Authorization: `Bearer ${key}` };
      const quote = JSON.stringify({ to: '+254712345678', text: 'Habari! Your code is 4821' });
      const sent = await call(base, 'POST', '/api/messages/send', key, JSON.parse(quote));
      if (sent.status !== 200) throw new Error(`The send answered ${sent.status}: ${JSON.stringify(sent.body)}`);
      for (const [path, method, body] of [['/api/auth/me', 'GET'], ['/api/messages/rate', 'POST', JSON.parse(quote)]] as const) {
        const answer = await call(base, method, path, key, body);
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }

      console.log(`${CONNECTIONS} connections, ${ROUNDS} rounds of ${MEASURE_S} s after ${WARM_UP_S} s of warm-up; server: ${SERVER_ROOT}, PostgreSQL, LOG_LEVEL=info to a file`);
      const rows: [string, Load][] = [
        ['baseline: bare Koa, one handler', { url: `${bare.baseUrl}/` }],
        ['GET /health', { url: `${base}/health` }],
        ['GET /health/ready', { url: `${base}/health/ready` }],
        ['GET /api/auth/me', { url: `${base}/api/auth/me`, headers: auth }],
        ['GET /api/balance', { url: `${base}/api/balance`, headers: auth }],
        ['GET /api/messages/{id}', { url: `${base}/api/messages/${sent.body.id}`, headers: auth }],
        ['POST /api/messages/rate (1 recipient)', { url: `${base}/api/messages/rate`, method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: quote }],
      ];
      const results = rows.map(() => [] as Measured[]);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [index, [, load]] of rows.entries()) results[index]!.push(await measure(load, index === 0 ? bare.pid : tuma.pid));
      }
      const count = (value: number) => Math.round(value).toLocaleString('en-US');
      const bareRate = median(results[0]!.map((m) => m.rate));
      console.log('| route | req/s (median) | of bare Koa | range | p99 (median) | non-2xx | CPU per request (last round) |\n|---|---|---|---|---|---|---|');
      for (const [index, [name]] of rows.entries()) {
        const measured = results[index]!;
        const rates = measured.map((m) => m.rate);
        console.log(
          `| ${name} | ${count(median(rates))} | ${Math.round((100 * median(rates)) / bareRate)}% | ${count(Math.min(...rates))}-${count(Math.max(...rates))} | ${median(measured.map((m) => m.p99))} ms | ${measured.reduce((sum, m) => sum + m.failed, 0)} | ${measured[measured.length - 1]!.cpu} |`,
        );
      }
    } finally {
      await tuma.stop();
      await bare.stop();
      rmSync(logDir, { recursive: true, force: true });
    }
  });
}
