/**
 * Verify under load (issue 13): start+check pairs per second on PostgreSQL, next to plain single
 * sends in the same run (goal: pairs at 80% or more of the single sends' rate). One live account,
 * against a real server process (TUMA_ROLE=all: it dispatches the sends, and the codes' SMS go to the
 * simulator; LOG_LEVEL=info to a file), autocannon in this process. Each connection starts a
 * verification to a new number (so the per-number guard never trips; the per-country one is raised
 * for the run) and then checks a wrong code: the check locks, counts and writes the row as a right
 * one would, without reading the code from the handset inbox.
 *
 * At 32 connections the two paths take turns for BENCH_ROUNDS rounds (default 3, BENCH_SECONDS a
 * row after 2 s of warm-up): the host moves by a fifth between minutes, so a single row of each
 * says little; the medians are compared. Then both once at 128 connections. Each row starts with no
 * message left to dispatch, and a sends row is also counted until its dispatch has drained: a send
 * is answered before its SMS reaches the carrier, a start after, so "handed to the carrier" counts
 * the sends' warm-up and row over their seconds plus the drain.
 *
 * Run: `npm run bench verify` (DATABASE_URL's server, default the local PostgreSQL).
 */
import type autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_SERVER_ENV, benchAccount } from './support/bench-server.ts';
import { BENCH_SECONDS, formatRow, measure, median, WARM_UP_SECONDS, type Row } from './support/measure.ts';
import { analyze, drained, withScratchDatabase } from './support/scratch-database.ts';
import { benchNumber, sendRequests } from './support/send-requests.ts';
import { startTumaProcess } from './support/server-process.ts';

const CONNECTIONS = 32;
/** A start goes through three group commits one after another (its SMS's charge, the carrier's answer, then its check), a send through one. */
const WIDE_CONNECTIONS = Number(process.env.BENCH_VERIFY_CONNECTIONS ?? 128);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

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

interface Measured {
  readonly row: Row;
  /** Per second: sends accepted, or pairs (two requests each). */
  readonly rate: number;
  /** Per second, counted until the row's messages were all handed to the carrier. */
  readonly handedOver: number;
}

const count = (n: number): string => Math.round(n).toLocaleString('en-US');
const percent = (part: number, whole: number): string => `${Math.round((100 * part) / whole)}%`;

export default async function (): Promise<void> {
  await withScratchDatabase(async (url) => {
    const logDir = mkdtempSync(join(tmpdir(), 'tuma-bench-'));
    const tuma = await startTumaProcess(url, { ...BENCH_SERVER_ENV, TUMA_ROLE: 'all', VERIFY_COUNTRY_STARTS_PER_HOUR: '10000000' }, logDir);
    let offset = 0;
    /** One row from a drained queue, `perUnit` requests making one unit (a send, a pair), timed until drained again. */
    const row = async (connections: number, requests: (offset: number) => autocannon.Request[], perUnit: number): Promise<Measured> => {
      await drained(url);
      const measured = await measure(tuma.baseUrl, connections, requests((offset += 1_000_000)));
      const drainStarted = Date.now();
      await drained(url);
      const seconds = WARM_UP_SECONDS + BENCH_SECONDS + (Date.now() - drainStarted) / 1000;
      return { row: measured, rate: measured.perSecond / perUnit, handedOver: (measured.warmUpRequests + measured.perSecond * BENCH_SECONDS) / perUnit / seconds };
    };
    try {
      const sendKey = (await benchAccount(tuma.baseUrl, 'sends@bench.example', 'KES')).key;
      const verifyKey = (await benchAccount(tuma.baseUrl, 'verify@bench.example', 'KES')).key;
      const sends = (from: number) => sendRequests([sendKey], from);
      const pairs = (from: number) => startAndCheck(verifyKey, from);
      // As in single-send: a database that has taken traffic has its planner statistics.
      await measure(tuma.baseUrl, CONNECTIONS, sends(90_000_000));
      await measure(tuma.baseUrl, CONNECTIONS, pairs(80_000_000));
      await analyze(url);
      console.log(`PostgreSQL, one live account, ${BENCH_SECONDS} s a row after ${WARM_UP_SECONDS} s of warm-up, server process with TUMA_ROLE=all`);
      const rounds: { sends: Measured; pairs: Measured }[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // The paths take turns leading, so that a drift of the host does not favour one.
        const first = round % 2 === 1 ? 'sends' : 'pairs';
        const measured: Partial<Record<'sends' | 'pairs', Measured>> = {};
        for (const path of first === 'sends' ? (['sends', 'pairs'] as const) : (['pairs', 'sends'] as const)) {
          measured[path] = path === 'sends' ? await row(CONNECTIONS, sends, 1) : await row(CONNECTIONS, pairs, 2);
        }
        const { sends: s, pairs: p } = measured as { sends: Measured; pairs: Measured };
        rounds.push({ sends: s, pairs: p });
        console.log(`round ${round}, c=${CONNECTIONS}: single sends ${formatRow(s.row)}; verify start + check ${formatRow(p.row)}, ${count(p.rate)} pairs/s: ${percent(p.rate, s.rate)}`);
      }
      const sendRate = median(rounds.map((r) => r.sends.rate));
      const pairRate = median(rounds.map((r) => r.pairs.rate));
      const sendHandedOver = median(rounds.map((r) => r.sends.handedOver));
      console.log(`c=${CONNECTIONS}, medians of ${ROUNDS} rounds: single sends ${count(sendRate)}/s (${count(sendHandedOver)}/s handed to the carrier), pairs ${count(pairRate)}/s`);
      console.log(`pairs/s over single sends/s: ${percent(pairRate, sendRate)} (goal: 80% or more); over sends handed to the carrier: ${percent(pairRate, sendHandedOver)}`);

      const wideSends = await row(WIDE_CONNECTIONS, sends, 1);
      const widePairs = await row(WIDE_CONNECTIONS, pairs, 2);
      console.log(`c=${WIDE_CONNECTIONS}: single sends ${formatRow(wideSends.row)} (${count(wideSends.handedOver)}/s handed to the carrier); verify start + check ${formatRow(widePairs.row)}, ${count(widePairs.rate)} pairs/s`);
      console.log(`pairs/s over single sends/s, both at c=${WIDE_CONNECTIONS}: ${percent(widePairs.rate, wideSends.rate)}; over sends handed to the carrier: ${percent(widePairs.rate, wideSends.handedOver)}`);
    } finally {
      await tuma.stop();
      rmSync(logDir, { recursive: true, force: true });
    }
  });
}
