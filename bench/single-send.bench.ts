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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BENCH_SERVER_ENV, benchAccount } from './support/bench-server.ts';
import { withScratchDatabase } from './support/scratch-database.ts';
import { BENCH_SECONDS, formatRow, measure, WARM_UP_SECONDS } from './support/measure.ts';
import { sendRequests } from './support/send-requests.ts';
import { BARE_KOA, profileOptions, startServerProcess, startTumaProcess } from './support/server-process.ts';

const ROLE = process.env.BENCH_ROLE ?? 'api';

export default async function (): Promise<void> {
  await withScratchDatabase(async (url) => {
    const logDir = mkdtempSync(join(tmpdir(), 'tuma-bench-'));
    const bare = await startServerProcess(BARE_KOA, {}, logDir, 'bare-koa');
    const tuma = await startTumaProcess(url, { ...BENCH_SERVER_ENV, TUMA_ROLE: ROLE }, logDir, profileOptions());
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const one = [(await benchAccount(tuma.baseUrl, 'one@bench.example', 'KES')).key];
      const many = (await Promise.all(Array.from({ length: 16 }, (_, i) => benchAccount(tuma.baseUrl, `many-${i}@bench.example`, 'KES')))).map((a) => a.key);
      // A database that has taken traffic: the planner's statistics gathered, as autovacuum does within a minute of a new table's first rows.
      await measure(tuma.baseUrl, 32, sendRequests(one, 90_000_000));
      await db.query('analyze');
      console.log(`PostgreSQL, ${BENCH_SECONDS} s a row after ${WARM_UP_SECONDS} s of warm-up, server process with TUMA_ROLE=${ROLE}, LOG_LEVEL=info to a file; every 200 is committed`);
      console.log(`bare Koa process, c=32:     ${formatRow(await measure(`${bare.baseUrl}/`, 32))}`);
      let offset = 0;
      for (const connections of [1, 8, 32]) {
        console.log(`send, one account, c=${String(connections).padEnd(2)}: ${formatRow(await measure(tuma.baseUrl, connections, sendRequests(one, offset)))}`);
        offset += 10_000_000;
      }
      console.log(`send, 16 accounts, c=16:    ${formatRow(await measure(tuma.baseUrl, 16, sendRequests(many, offset)))}`);
      for (const connections of [1, 32]) {
        offset += 10_000_000;
        console.log(`send, one account, c=${String(connections).padEnd(2)}, with Idempotency-Key: ${formatRow(await measure(tuma.baseUrl, connections, sendRequests(one, offset, true)))}`);
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
