/**
 * Single sends through the queue, on PostgreSQL: how fast accepted single sends reach the carrier,
 * and how long another account's one message waits behind a burst (issue 10, item 5).
 *
 * Account A sends BURST single sends as fast as CLIENTS connections can (each answered 200, so
 * charged and queued); right after, account B sends one. Measured: A's acceptance rate, the
 * dispatch rate of A's burst (accepted -> handed to the simulator), and B's wait from its 200 to
 * its submission. Baseline in the same run: the same number of messages as one bulk send, whose
 * chunked dispatch is the fastest path we have.
 *
 * Run: `npm run bench single-dispatch` (DATABASE_URL's server, default the local PostgreSQL).
 */
import pg from 'pg';
import { BENCH_ADMIN_KEY as ADMIN_KEY, benchAccount, startBenchServer } from './support/bench-server.ts';
import { call } from './support/http-call.ts';
import { withScratchDatabase } from './support/scratch-database.ts';

const BURST = Number(process.env.BENCH_BURST ?? 3000);
const CLIENTS = 16;
const TIMEOUT_MS = 300_000;

const number = (i: number): string => `+2547${String(10_000_000 + i).slice(-8)}`;

async function submittedCount(sql: pg.Client, where: string, value: string): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(`select count(*)::int as n from message where ${where} and status not in ('queued', 'sent')`, [value]);
  return rows[0]!.n;
}

async function waitUntil(sql: pg.Client, where: string, value: string, total: number): Promise<number> {
  const started = performance.now();
  while ((await submittedCount(sql, where, value)) < total) {
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`Not dispatched in ${TIMEOUT_MS} ms: ${where} ${value}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

const perSecond = (count: number, ms: number): string => `${Math.round(count / (ms / 1000)).toLocaleString('en-US')}/s`;

export default async function (): Promise<void> {
  await withScratchDatabase(async (url) => {
    const sql = new pg.Client({ connectionString: url });
    const { tuma, baseUrl, config } = await startBenchServer(url);
    try {
      await sql.connect();
      const fx = await call(baseUrl, 'POST', '/api/admin/fx-rates', ADMIN_KEY, { from: 'USD', to: 'KES', rate: '129.5' });
      if (fx.status !== 201) throw new Error(`Setting the rate answered ${fx.status}`);
      const a = await benchAccount(baseUrl, 'burst@bench.example');
      const b = await benchAccount(baseUrl, 'otp@bench.example');
      console.log(`PostgreSQL, ${BURST.toLocaleString('en-US')} single sends from account A over ${CLIENTS} connections, then one from account B; job polling ${config.jobPollingSeconds} s`);

      let next = 0;
      const acceptStarted = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < BURST) {
            const i = next++;
            const sent = await call(baseUrl, 'POST', '/api/messages/send', a.key, { to: number(i), text: `Your code is ${1000 + (i % 9000)}` });
            if (sent.status !== 200) throw new Error(`Send ${i} answered ${sent.status}: ${JSON.stringify(sent.body)}`);
          }
        }),
      );
      const acceptMs = performance.now() - acceptStarted;
      const otp = await call(baseUrl, 'POST', '/api/messages/send', b.key, { to: number(BURST + 1), text: 'Your code is 424242' });
      if (otp.status !== 200) throw new Error(`B's send answered ${otp.status}`);
      const [[bWait, aLeft], aDispatchMs] = await Promise.all([
        waitUntil(sql, 'id = $1', otp.body.id, 1).then(async (ms) => [ms, BURST - (await submittedCount(sql, 'account_id = $1', a.id))] as const),
        waitUntil(sql, 'account_id = $1', a.id, BURST),
      ]);

      const bulk = await call(baseUrl, 'POST', '/api/messages/send-bulk', a.key, {
        recipients: Array.from({ length: BURST }, (_, i) => ({ to: number(i) })),
        text: 'Bulk baseline',
      });
      if (bulk.status !== 200) throw new Error(`Bulk answered ${bulk.status}`);
      const bulkMs = await waitUntil(sql, 'batch_id = $1', bulk.body.batch_id, BURST);

      console.log('| measure | result |\n|---|---|');
      console.log(`| A: ${BURST} sends accepted (200) | ${(acceptMs / 1000).toFixed(2)} s, ${perSecond(BURST, acceptMs)} |`);
      console.log(`| A: all submitted, counted from the first send | ${((acceptMs + aDispatchMs) / 1000).toFixed(2)} s, ${perSecond(BURST, acceptMs + aDispatchMs)} |`);
      console.log(`| B: one send, 200 -> submitted, behind A's backlog | ${Math.round(bWait)} ms (A still had ${aLeft} not submitted then) |`);
      console.log(`| baseline: the same ${BURST} as one bulk send, 200 -> all submitted | ${(bulkMs / 1000).toFixed(2)} s, ${perSecond(BURST, bulkMs)} |`);
    } finally {
      await tuma.stop();
      await sql.end();
    }
  });
}
