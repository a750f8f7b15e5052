/**
 * The single-send path under load (issue 12, item 1), on PostgreSQL: `POST /api/messages/send` from
 * one account at 1, 8 and 32 connections, and from 16 accounts at one connection each, for
 * BENCH_SECONDS (default 8) per row, next to a bare Koa handler answering JSON in the same run.
 * Every accepted send is committed (charged, stored, queued) before its 200. BENCH_ROLE=api leaves
 * dispatch out (no workers in the process), to see acceptance alone.
 *
 * Run: `npm run bench single-send` (DATABASE_URL's server, default the local PostgreSQL).
 */
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { benchAccount, startBenchServer } from './support/bench-server.ts';
import { formatLoad, load, type LoadRequest } from './support/load.ts';
import { withScratchDatabase } from './support/scratch-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

interface SendContext {
  readonly keys: readonly string[];
  readonly offset: number;
}

/** The i-th send: a distinct number and text (no duplicate suppression), keys in turn. */
function sendAt(i: number, context: SendContext): LoadRequest {
  const n = context.offset + i;
  return {
    method: 'POST',
    path: '/api/messages/send',
    headers: { Authorization: `Bearer ${context.keys[i % context.keys.length]}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ to: `+2547${String(10_000_000 + (n % 90_000_000)).slice(-8)}`, text: `Your code is ${n}` }),
  };
}

const echoAt = (): LoadRequest => ({ method: 'POST', path: '/', headers: { 'Content-Type': 'application/json' }, body: '{"to":"+254712345678","text":"Habari"}' });

async function bareKoa(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Koa();
  app.use(async (ctx) => {
    ctx.body = { status: 'sent', segments: 1 };
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export default async function (): Promise<void> {
  await withScratchDatabase(async (url) => {
    const { tuma, baseUrl, config } = await startBenchServer(url, { TUMA_ROLE: process.env.BENCH_ROLE ?? 'all' });
    const koa = await bareKoa();
    try {
      const one = [(await benchAccount(baseUrl, 'one@bench.example', 'KES')).key];
      const many = (await Promise.all(Array.from({ length: 16 }, (_, i) => benchAccount(baseUrl, `many-${i}@bench.example`, 'KES')))).map((a) => a.key);
      console.log(`PostgreSQL, ${SECONDS} s a row, role ${config.role}; every 200 is committed`);
      console.log(`bare Koa, c=32:                 ${formatLoad(await load(koa.url, 32, SECONDS, echoAt, {}))}`);
      let offset = 0;
      for (const connections of [1, 8, 32]) {
        const result = await load(baseUrl, connections, SECONDS, sendAt, { keys: one, offset });
        offset += result.requests + 1000;
        console.log(`send, one account, c=${String(connections).padEnd(2)}:     ${formatLoad(result)}`);
      }
      const spread = await load(baseUrl, 16, SECONDS, sendAt, { keys: many, offset });
      console.log(`send, 16 accounts, c=16:        ${formatLoad(spread)}`);
    } finally {
      await koa.close();
      await tuma.stop();
    }
  });
}
