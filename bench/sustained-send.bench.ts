/**
 * Sustained single sends with dispatch (issue 12, item 3), on PostgreSQL, as a fleet runs them: an
 * API process (TUMA_ROLE=api) takes sends from one account at BENCH_RATE a second (default 2,000,
 * autocannon's fixed rate over BENCH_CONNECTIONS, default 128) for BENCH_SECONDS (default 60) while
 * a worker process (TUMA_ROLE=worker) submits them to the simulator. Every 5 s: sends accepted, the
 * backlog (messages still `queued`), and each process's RSS; at the end, how long the backlog takes
 * to drain, and where the CPU went: each process's CPU time and PostgreSQL's WAL per accepted send
 * (docs/performance.md). The backlog must stay bounded and RSS must not grow without bound. Baseline
 * in the same run: a bare Koa process at the same rate and connections.
 *
 * Run: `npm run bench sustained-send` (DATABASE_URL's server, default the local PostgreSQL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_SERVER_ENV, benchAccount } from './support/bench-server.ts';
import { measure } from './support/measure.ts';
import { withScratchDatabase } from './support/scratch-database.ts';
import { sendRequests } from './support/send-requests.ts';
import { cpuPer, sampleCpu } from './support/process-cpu.ts';
import { BARE_KOA, rssMiB, startServerProcess, startTumaProcess } from './support/server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 2000);
/**
 * autocannon spreads the rate over the connections, each waiting for its answer before its next
 * request: at 64, one request every 32 ms each, answers slower than that (p99 60-90 ms under this
 * load) made the offered rate itself fall short of 2,000/s. 128 offer it in full.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 128);

const atRate = (url: string, requests?: autocannon.Request[]) =>
  autocannon({ url, connections: CONNECTIONS, overallRate: RATE, duration: SECONDS, ...(requests ? { requests } : {}) });

/**
 * `message`'s updates so far, and how many of them were HOT (no index entry written). A backend
 * publishes its counts at most once a second, and an idle one within 10 s: wait those out first.
 */
const messageUpdates = async (sql: pg.Client) => {
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const { rows } = await sql.query<{ updated: string; hot: string }>(`select n_tup_upd as updated, n_tup_hot_upd as hot from pg_stat_user_tables where relname = 'message'`);
  return { all: Number(rows[0]!.updated), hot: Number(rows[0]!.hot) };
};

const summary = (result: autocannon.Result) =>
  `${Math.round(result.requests.total / SECONDS).toLocaleString('en-US')} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (${result.non2xx} non-2xx, ${result.errors} errors)`;

export default async function (): Promise<void> {
  await withScratchDatabase(async (url) => {
    const logDir = mkdtempSync(join(tmpdir(), 'tuma-bench-'));
    const bare = await startServerProcess(BARE_KOA, {}, logDir, 'bare-koa');
    const api = await startTumaProcess(url, { ...BENCH_SERVER_ENV, TUMA_ROLE: 'api' }, logDir, [], 'api');
    const worker = await startTumaProcess(url, { ...BENCH_SERVER_ENV, TUMA_ROLE: 'worker' }, logDir, [], 'worker');
    const sql = new pg.Client({ connectionString: url });
    await sql.connect();
    try {
      const { key } = await benchAccount(api.baseUrl, 'sustained@bench.example', 'KES');
      const count = async (where: string) => (await sql.query<{ n: number }>(`select count(*)::int as n from message where ${where}`)).rows[0]!.n;
      // As in single-send: a database that has taken traffic has its planner statistics.
      await measure(api.baseUrl, 32, sendRequests([key], 90_000_000));
      await sql.query('analyze');
      while ((await count(`status = 'queued'`)) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      console.log(`bare Koa process at ${RATE}/s: ${summary(await atRate(`${bare.baseUrl}/`))}`);
      console.log(`PostgreSQL, an API and a worker process, one account at ${RATE} sends/s over ${CONNECTIONS} connections for ${SECONDS} s`);
      const [before, updatesBefore] = [await count('true'), await messageUpdates(sql)];
      const started = performance.now();
      const samples: string[] = [];
      const sampler = setInterval(async () => {
        const [all, queued] = await Promise.all([count('true'), count(`status = 'queued'`)]);
        const at = Math.round((performance.now() - started) / 1000);
        samples.push(`  +${at} s: ${all - before} accepted, ${queued} queued, RSS api ${rssMiB(api.pid)} MiB, worker ${rssMiB(worker.pid)} MiB`);
      }, 5_000);
      const walBytes = async () => Number((await sql.query<{ bytes: string }>(`select pg_current_wal_lsn() - '0/0'::pg_lsn as bytes`)).rows[0]!.bytes);
      const lsn = (bytes: number) => `${Math.floor(bytes / 2 ** 32).toString(16).toUpperCase()}/${(bytes % 2 ** 32).toString(16).toUpperCase()}`;
      const [cpuBefore, walBefore] = [sampleCpu({ API: api.pid, worker: worker.pid }), await walBytes()];
      const result = await atRate(api.baseUrl, sendRequests([key], 0));
      const [cpuAfter, walAfter] = [sampleCpu({ API: api.pid, worker: worker.pid }), await walBytes()];
      clearInterval(sampler);
      for (const sample of samples) console.log(sample);
      console.log(`sends: ${summary(result)}`);
      const accepted = result['2xx'];
      console.log(`CPU per accepted send: ${cpuPer(cpuBefore, cpuAfter, accepted)}; WAL per send: ${Math.round((walAfter - walBefore) / accepted).toLocaleString('en-US')} bytes`);
      const drainStarted = performance.now();
      while ((await count(`status = 'queued'`)) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      console.log(`backlog drained ${((performance.now() - drainStarted) / 1000).toFixed(1)} s after the last send`);
      // Each send's whole life: its submission and its receipt, not only what was written during the load.
      while ((await count(`status in ('sent', 'submitted')`)) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      const updates = await messageUpdates(sql);
      const hot = ((updates.hot - updatesBefore.hot) / (updates.all - updatesBefore.all)) * 100;
      const walAfterReceipts = await walBytes();
      console.log(`every receipt in: WAL per sent SMS ${Math.round((walAfterReceipts - walBefore) / accepted).toLocaleString('en-US')} bytes; ` +
        `${((updates.all - updatesBefore.all) / accepted).toFixed(2)} message updates per send, ${hot.toFixed(0)}% of them HOT`);
      // The records behind it: `pg_waldump --stats=record --start=... --end=...` on the cluster's pg_wal.
      console.log(`WAL from ${lsn(walBefore)} to ${lsn(walAfterReceipts)}`);
    } finally {
      await sql.end();
      await Promise.all([api.stop(), worker.stop(), bare.stop()]);
      rmSync(logDir, { recursive: true, force: true });
    }
  });
}
