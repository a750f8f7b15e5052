/**
 * The single-send path under load (issue 12, item 1), on PostgreSQL: `POST /api/messages/send` from
 * one account at 1, 8 and 32 connections, and from 16 accounts (their keys in turn) at 16, for
 * BENCH_SECONDS (default 8, after 2 s of warm-up) per row, next to a bare Koa process answering JSON
 * in the same run. The server is a real `apps/server/src/main.ts` process (TUMA_ROLE from
 * BENCH_ROLE, default `api`: acceptance alone; `all` adds dispatch to the simulator in the same
 * process); the load comes from autocannon in this process, each request a distinct number and
 * text (no duplicate suppression). Every 200 is committed (charged, stored, queued) before it is sent.
 * The `with Idempotency-Key` rows give each request a key of its own (docs/idempotency.md): the
 * claim, and the answer kept in the group commit, are what they cost.
 * BENCH_CPU_PROF=<dir> writes the server's CPU profile there (`node --cpu-prof`) when it stops.
 *
 * Run: `npm run bench single-send` (DATABASE_URL's server, default the local PostgreSQL).
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BENCH_SERVER_ENV, benchAccount } from './support/bench-server.ts';
import { withScratchDatabase } from './support/scratch-database.ts';
import { BARE_KOA, startServerProcess, TUMA_MAIN } from './support/server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARM_UP_S = 2;
const ROLE = process.env.BENCH_ROLE ?? 'api';
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

/** Sends of distinct numbers and texts from `keys` in turn, numbered from `offset`; each with an Idempotency-Key of its own when `idempotent`. */
function sends(keys: readonly string[], offset: number, idempotent = false): autocannon.Request[] {
  let n = offset;
  return [
    {
      method: 'POST',
      path: '/api/messages/send',
      setupRequest: (request) => {
        const i = n++;
        return {
          ...request,
          headers: { Authorization: `Bearer ${keys[i % keys.length]}`, 'Content-Type': 'application/json', ...(idempotent ? { 'Idempotency-Key': `bench-${i}` } : {}) },
          body: JSON.stringify({ to: `+2547${String(10_000_000 + (i % 90_000_000)).slice(-8)}`, text: `Your code is ${i}` }),
        };
      },
    },
  ];
}

interface Row {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly statuses: string;
}

async function measure(url: string, connections: number, requests?: autocannon.Request[]): Promise<Row> {
  const options = { url, connections, ...(requests ? { requests } : {}) };
  await autocannon({ ...options, duration: WARM_UP_S });
  const result = await autocannon({ ...options, duration: SECONDS });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${count} x ${status}`)
    .join(', ');
  return { perSecond: result.requests.total / SECONDS, p50: result.latency.p50, p99: result.latency.p99, statuses: statuses + (result.errors ? `, ${result.errors} errors` : '') };
}

const format = (row: Row) => `${Math.round(row.perSecond).toLocaleString('en-US')} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms (${row.statuses})`;

export default async function (): Promise<void> {
  await withScratchDatabase(async (url) => {
    const logDir = mkdtempSync(join(tmpdir(), 'tuma-bench-'));
    const bare = await startServerProcess(BARE_KOA, {}, logDir, 'bare-koa');
    const tuma = await startServerProcess(
      TUMA_MAIN,
      { ...BENCH_SERVER_ENV, DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', TUMA_SEED_DEMO: 'false', LOG_LEVEL: 'info', TUMA_ROLE: ROLE },
      logDir,
      'server',
      PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    );
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const one = [(await benchAccount(tuma.baseUrl, 'one@bench.example', 'KES')).key];
      const many = (await Promise.all(Array.from({ length: 16 }, (_, i) => benchAccount(tuma.baseUrl, `many-${i}@bench.example`, 'KES')))).map((a) => a.key);
      // A database that has taken traffic: the planner's statistics gathered, as autovacuum does within a minute of a new table's first rows.
      await measure(tuma.baseUrl, 32, sends(one, 90_000_000));
      await db.query('analyze');
      console.log(`PostgreSQL, ${SECONDS} s a row after ${WARM_UP_S} s of warm-up, server process with TUMA_ROLE=${ROLE}, LOG_LEVEL=info to a file; every 200 is committed`);
      console.log(`bare Koa process, c=32:     ${format(await measure(`${bare.baseUrl}/`, 32))}`);
      let offset = 0;
      for (const connections of [1, 8, 32]) {
        console.log(`send, one account, c=${String(connections).padEnd(2)}: ${format(await measure(tuma.baseUrl, connections, sends(one, offset)))}`);
        offset += 10_000_000;
      }
      console.log(`send, 16 accounts, c=16:    ${format(await measure(tuma.baseUrl, 16, sends(many, offset)))}`);
      for (const connections of [1, 32]) {
        offset += 10_000_000;
        console.log(`send, one account, c=${String(connections).padEnd(2)}, with Idempotency-Key: ${format(await measure(tuma.baseUrl, connections, sends(one, offset, true)))}`);
      }
      const { rows } = await db.query<{ messages: number; charges: number }>(
        "select (select count(*)::int from message) as messages, (select count(*)::int from ledger_entry where kind = 'debit') as charges",
      );
      console.log(`stored: ${rows[0]!.messages} messages, ${rows[0]!.charges} charges (one per accepted send)`);
    } finally {
      await db.end();
      await tuma.stop();
      await bare.stop();
      rmSync(logDir, { recursive: true, force: true });
    }
  });
}
