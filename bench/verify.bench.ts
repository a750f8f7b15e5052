/**
 * Verify under load (issue 13): start+check pairs per second on PostgreSQL, next to plain single
 * sends in the same run (goal: pairs at 80% or more of the single sends' rate). One live account at
 * 32 connections, then both at 128, BENCH_SECONDS (default 8) a row after 2 s of warm-up, against a real server process
 * (TUMA_ROLE=all: the codes' SMS go to the simulator; LOG_LEVEL=info to a file), autocannon in this
 * process. Each connection starts a verification to a new number (so the per-number guard never
 * trips; the per-country one is raised for the run) and then checks a wrong code: the check locks,
 * counts and writes the row as a right one would, without reading the code from the handset inbox.
 *
 * Each row starts with no message left to dispatch.
 *
 * Run: `npm run bench verify` (DATABASE_URL's server, default the local PostgreSQL).
 */
import type autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_SERVER_ENV, benchAccount } from './support/bench-server.ts';
import { BENCH_SECONDS, formatRow, measure, WARM_UP_SECONDS } from './support/measure.ts';
import { analyze, drained, withScratchDatabase } from './support/scratch-database.ts';
import { benchNumber, sendRequests } from './support/send-requests.ts';
import { startTumaProcess } from './support/server-process.ts';

const CONNECTIONS = 32;
/**
 * A start goes through four group commits one after another (its velocity counters, its SMS's
 * charge, the carrier's answer, then its check), a send through one: at 32 connections each of the
 * pairs' batches is small. The last rows give both paths the connections that fill their batches,
 * to compare the throughput each sustains at the same concurrency.
 */
const WIDE_CONNECTIONS = Number(process.env.BENCH_VERIFY_CONNECTIONS ?? 128);

/** start, then check a wrong code of the verification just started, on each connection in turn. */
function startAndCheck(key: string, offset: number): autocannon.Request[] {
  let n = offset;
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  return [
    {
      method: 'POST',
      path: '/v1/verify/start',
      setupRequest: (request) => ({ ...request, headers, body: JSON.stringify({ to: benchNumber(n++) }) }),
      onResponse: (status, body, context) => {
        (context as { id?: string }).id = status === 201 ? (JSON.parse(body) as { id: string }).id : undefined;
      },
    },
    {
      method: 'POST',
      path: '/v1/verify/check',
      setupRequest: (request, context) => ({ ...request, headers, body: JSON.stringify({ verification_id: (context as { id?: string }).id ?? 'ver_00000000000000000000000000', code: '0000000000' }) }),
    },
  ];
}

export default async function (): Promise<void> {
  await withScratchDatabase(async (url) => {
    const logDir = mkdtempSync(join(tmpdir(), 'tuma-bench-'));
    const tuma = await startTumaProcess(url, { ...BENCH_SERVER_ENV, TUMA_ROLE: 'all', VERIFY_COUNTRY_STARTS_PER_HOUR: '10000000' }, logDir);
    try {
      const sends = (await benchAccount(tuma.baseUrl, 'sends@bench.example', 'KES')).key;
      const verifies = (await benchAccount(tuma.baseUrl, 'verify@bench.example', 'KES')).key;
      // As in single-send: a database that has taken traffic has its planner statistics.
      await measure(tuma.baseUrl, CONNECTIONS, sendRequests([sends], 90_000_000));
      await measure(tuma.baseUrl, CONNECTIONS, startAndCheck(verifies, 80_000_000));
      await analyze(url);
      await drained(url);
      console.log(`PostgreSQL, one live account at c=${CONNECTIONS}, ${BENCH_SECONDS} s a row after ${WARM_UP_SECONDS} s of warm-up, server process with TUMA_ROLE=all`);
      const single = await measure(tuma.baseUrl, CONNECTIONS, sendRequests([sends], 0));
      console.log(`single sends:         ${formatRow(single)}`);
      // The sends' dispatch, in the same process, is not the verifications' load.
      await drained(url);
      const pairs = await measure(tuma.baseUrl, CONNECTIONS, startAndCheck(verifies, 50_000_000));
      // Requests alternate start and check: pairs are half of them.
      console.log(`verify start + check: ${formatRow(pairs)}; ${Math.round(pairs.perSecond / 2).toLocaleString('en-US')} pairs/s`);
      console.log(`pairs/s over single sends/s: ${Math.round((100 * pairs.perSecond) / 2 / single.perSecond)}% (goal: 80% or more)`);
      await drained(url);
      const wideSingle = await measure(tuma.baseUrl, WIDE_CONNECTIONS, sendRequests([sends], 10_000_000));
      console.log(`single sends, c=${WIDE_CONNECTIONS}: ${formatRow(wideSingle)}`);
      await drained(url);
      const wider = await measure(tuma.baseUrl, WIDE_CONNECTIONS, startAndCheck(verifies, 60_000_000));
      console.log(`verify start + check, c=${WIDE_CONNECTIONS}: ${formatRow(wider)}; ${Math.round(wider.perSecond / 2).toLocaleString('en-US')} pairs/s`);
      console.log(`pairs/s over single sends/s, both at c=${WIDE_CONNECTIONS}: ${Math.round((100 * wider.perSecond) / 2 / wideSingle.perSecond)}%`);
    } finally {
      await tuma.stop();
      rmSync(logDir, { recursive: true, force: true });
    }
  });
}
