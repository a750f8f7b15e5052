/**
 * Sustained single sends (issue 12, item 3), on PostgreSQL, one process doing everything
 * (TUMA_ROLE=all: API and workers): one account sends over BENCH_CONNECTIONS (default 32) for
 * BENCH_SECONDS (default 60) while the process dispatches to the simulator. Every 5 s: sends
 * accepted, the backlog (messages still `queued`), and the process's RSS; at the end, how long the
 * backlog takes to drain. The backlog must stay bounded and RSS must not grow without bound.
 * Baseline in the same run: a bare Koa handler's req/s at the same concurrency.
 *
 * Run: `npm run bench sustained-send` (DATABASE_URL's server, default the local PostgreSQL).
 */
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { benchAccount, startBenchServer } from './support/bench-server.ts';
import { formatLoad, load, type LoadRequest } from './support/load.ts';
import { withScratchDatabase } from './support/scratch-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

function sendAt(i: number, context: { key: string }): LoadRequest {
  return {
    method: 'POST',
    path: '/api/messages/send',
    headers: { Authorization: `Bearer ${context.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ to: `+2547${String(10_000_000 + (i % 90_000_000)).slice(-8)}`, text: `Your code is ${i}` }),
  };
}

export default async function (): Promise<void> {
  await withScratchDatabase(async (url) => {
    const sql = new pg.Client({ connectionString: url });
    const { tuma, baseUrl } = await startBenchServer(url);
    const koa = new Koa().use(async (ctx) => void (ctx.body = { status: 'sent' })).listen(0, '127.0.0.1');
    try {
      await sql.connect();
      const { key } = await benchAccount(baseUrl, 'sustained@bench.example', 'KES');
      if (!koa.listening) await new Promise((resolve) => koa.once('listening', resolve));
      console.log(`bare Koa, c=${CONNECTIONS}: ${formatLoad(await load(`http://127.0.0.1:${(koa.address() as AddressInfo).port}`, CONNECTIONS, 5, () => ({ method: 'GET', path: '/' }), {}))}`);
      console.log(`PostgreSQL, role all, one account, c=${CONNECTIONS}, ${SECONDS} s`);
      const count = async (where: string) => (await sql.query<{ n: number }>(`select count(*)::int as n from message where ${where}`)).rows[0]!.n;
      const started = performance.now();
      const running = load(baseUrl, CONNECTIONS, SECONDS, sendAt, { key });
      const samples: string[] = [];
      const sampler = setInterval(async () => {
        const [all, queued] = await Promise.all([count('true'), count(`status = 'queued'`)]);
        samples.push(`  +${Math.round((performance.now() - started) / 1000)} s: ${all} accepted, ${queued} queued, RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`);
      }, 5_000);
      const result = await running;
      clearInterval(sampler);
      for (const sample of samples) console.log(sample);
      console.log(`sends: ${formatLoad(result)}`);
      const drainStarted = performance.now();
      while ((await count(`status = 'queued'`)) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      console.log(`backlog drained ${((performance.now() - drainStarted) / 1000).toFixed(1)} s after the last send`);
    } finally {
      koa.close();
      await sql.end();
      await tuma.stop();
    }
  });
}
