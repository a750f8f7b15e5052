/**
 * Reports at scale (issue 34, goal 5): `GET /api/messages/stats`, `/api/messages/volume?days=90`, a
 * 30-day `/api/reports` and `/api/reports/breakdown` of an account with BENCH_REPORT_MESSAGES
 * messages (default 10,000,000; `report-messages.ts` says how they are made), answered by a real
 * server process (`TUMA_ROLE=api`) from the hourly tallies, beside the baseline in the same run: the
 * full scan the endpoints did before (the same statements over every message of the window,
 * `MESSAGE_SCAN`), run in this process through the same use cases and views (so the baseline
 * pays no HTTP), and the same statements over a copy of the messages in daily partitions
 * (`message-partitions.ts`; the alternative to tallies, measured against them). Every answer of the endpoint must equal the scan's, field for field. Rounds
 * alternate baseline and endpoint (BENCH_ROUNDS, default 5); medians are printed. The windows end
 * at an instant inside an hour (as "now" does), so both edges of stats and reports are read from
 * `message`. Goals: stats and volume < 200 ms, reports < 1 s.
 * Run: `npm run bench reports` (DATABASE_URL's server, a scratch database).
 */
import { deepStrictEqual } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { currency, type Clock, type ResultAsync } from '@tuma/kernel';
import { GetMessageStats, GetMessageVolume, GetReport, GetReportBreakdown, ReportWindow, type ReportScope } from '@tuma/messaging';
import { Database, MESSAGE_SCAN, MESSAGE_TALLIES, MESSAGE_TALLY, MikroOrmMessageReports, RollupFolds, type TallySource } from '@tuma/mikro-orm-adapter';
import { breakdownView, reportView, statsView, volumeView } from '../adapters/koa/src/apis/sms/report-views.ts';
import { BENCH_ADMIN_KEY, BENCH_SERVER_ENV, benchAccount } from './support/bench-server.ts';
import { call } from './support/http-call.ts';
import { median } from './support/measure.ts';
import { partitionedCopy, PARTITION_SCAN } from './support/message-partitions.ts';
import { generateMessages } from './support/report-messages.ts';
import { analyze, withScratchDatabase } from './support/scratch-database.ts';
import { startTumaProcess } from './support/server-process.ts';

const MESSAGES = Number(process.env.BENCH_REPORT_MESSAGES ?? 10_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** BENCH_PARTITIONS=0 leaves out the daily partitions (a copy of every message: minutes at 10M). */
const PARTITIONS = process.env.BENCH_PARTITIONS !== '0';
const DAY_MS = 86_400_000;
const clock: Clock = { now: () => new Date() };

interface Case {
  readonly name: string;
  readonly goalMs: number;
  readonly path: string;
  /** The same answer from `reports` (the full scan, or the partitions), rendered by the endpoint's view. */
  readonly scan: (reports: MikroOrmMessageReports) => Promise<unknown>;
}

const unwrapped = async <T, E>(result: ResultAsync<T, E>): Promise<T> => (await result)._unsafeUnwrap();

function cases(scope: ReportScope, to: Date): Case[] {
  const from = new Date(to.getTime() - 30 * DAY_MS);
  const window = `date_from=${from.toISOString()}&date_to=${to.toISOString()}`;
  const request = { scope, from, to };
  return [
    { name: 'GET /api/messages/stats (30 days)', goalMs: 200, path: `/api/messages/stats?${window}`, scan: async (reports) => statsView(scope, await unwrapped(new GetMessageStats(reports, clock).execute(request))) },
    { name: 'GET /api/messages/volume?days=90', goalMs: 200, path: '/api/messages/volume?days=90', scan: async (reports) => volumeView(scope, await unwrapped(new GetMessageVolume(reports, clock).execute({ scope, days: 90 }))) },
    { name: 'GET /api/reports (30 days)', goalMs: 1_000, path: `/api/reports?${window}`, scan: async (reports) => reportView(scope, await unwrapped(new GetReport(reports, clock).execute(request))) },
    {
      name: 'GET /api/reports/breakdown (30 days)',
      goalMs: 1_000,
      path: `/api/reports/breakdown?${window}`,
      scan: async (reports) => breakdownView(scope, await unwrapped(new GetReportBreakdown(reports, clock).execute({ ...request, limit: 100 })), 100),
    },
  ];
}

/** The plan of a window's totals from `source` (`explain (analyze, buffers)`), written to `file`; its last line (the execution time). */
async function explainTotals(database: Database, source: TallySource, scope: ReportScope, window: ReportWindow, file: string): Promise<string> {
  const { rows } = await database.withContext(() =>
    sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) select ${source.aggregates} from ${source.rows(scope, window)}`.execute(database.query),
  );
  const plan = rows.map((row) => row['QUERY PLAN']);
  writeFileSync(file, `${plan.join('\n')}\n`);
  return plan.at(-1)!.trim();
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export default async function reportsBench(): Promise<void> {
  await withScratchDatabase(async (url) => {
    const logDir = mkdtempSync(join(tmpdir(), 'tuma-bench-reports-'));
    const server = await startTumaProcess(url, { ...BENCH_SERVER_ENV, TUMA_ROLE: 'api' }, logDir);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const database = await Database.open({ url, dataDir: 'memory://' });
    try {
      const account = await benchAccount(server.baseUrl, 'reports@duka.co.ke');
      for (const name of ['Checkout', 'Marketing']) await call(server.baseUrl, 'POST', `/api/admin/accounts/${account.id}/keys`, BENCH_ADMIN_KEY, { environment: 'live', name });
      const other = await benchAccount(server.baseUrl, 'other@duka.co.ke');
      const keyIds = async (accountId: string) => (await client.query<{ id: string }>('select id from api_key where account_id = $1 order by created_at, id', [accountId])).rows.map((row) => row.id);
      const [k1, k2, k3] = await keyIds(account.id);
      const generated = await generateMessages(client, account.id, [k1!, k2!, k3!], MESSAGES, 'a');
      const [o1] = await keyIds(other.id);
      await generateMessages(client, other.id, [o1!, o1!, o1!], Math.ceil(MESSAGES / 100), 'o');
      console.log(`generated ${generated.messages.toLocaleString('en-US')} messages (${generated.batches} bulk sends) in ${generated.seconds.toFixed(1)} s, with their tallies by the triggers, and 1% as many for another account`);
      const folding = await timed(() => database.withContext(() => new RollupFolds(database, [MESSAGE_TALLY]).foldAll()));
      const { rows: sizes } = await client.query<{ tallies: number; bytes: string }>(`select count(*)::int as tallies, pg_size_pretty(pg_total_relation_size('message_tally')) as bytes from message_tally`);
      console.log(`folded ${folding.value.toLocaleString('en-US')} tally rows in ${Math.round(folding.ms)} ms: ${sizes[0]!.tallies.toLocaleString('en-US')} rows (${sizes[0]!.bytes}) for the two accounts`);
      await analyze(url);

      const scope: ReportScope = { accountId: account.id, environment: 'live', currency: currency('USD') };
      const scanned = new MikroOrmMessageReports(database, MESSAGE_SCAN);
      const partitioned = PARTITIONS ? new MikroOrmMessageReports(database, PARTITION_SCAN) : undefined;
      if (PARTITIONS) console.log(`copied the messages into daily partitions (message_by_day) in ${(await partitionedCopy(client, 121)).toFixed(1)} s`);
      // Inside an hour, as "now" is: both edges of a window partial.
      const to = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000 + 1_234_567);
      const month = ReportWindow.create({ from: new Date(to.getTime() - 30 * DAY_MS), to }, to)._unsafeUnwrap();
      for (const [name, source] of [['scan', MESSAGE_SCAN], ['tallies', MESSAGE_TALLIES]] as const) {
        console.log(`30-day totals, ${name}: ${await explainTotals(database, source, scope, month, join(logDir, `explain-${name}.txt`))} (plan: ${join(logDir, `explain-${name}.txt`)})`);
      }
      const rows: string[] = [];
      for (const benchCase of cases(scope, to)) {
        const baseline: number[] = [];
        const endpoint: number[] = [];
        const partitions: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const scan = await timed(() => database.withContext(() => benchCase.scan(scanned)));
          if (partitioned) {
            const pruned = await timed(() => database.withContext(() => benchCase.scan(partitioned)));
            deepStrictEqual(pruned.value, scan.value, `${benchCase.name}: the partitions' answer differs from the full scan's`);
            partitions.push(pruned.ms);
          }
          const answer = await timed(() => call(server.baseUrl, 'GET', benchCase.path, account.key));
          if (answer.value.status !== 200) throw new Error(`${benchCase.path} answered ${answer.value.status}: ${JSON.stringify(answer.value.body)}`);
          deepStrictEqual(answer.value.body, JSON.parse(JSON.stringify(scan.value)), `${benchCase.name}: the endpoint's answer differs from the full scan's`);
          baseline.push(scan.ms);
          endpoint.push(answer.ms);
        }
        const [scanMs, endpointMs] = [median(baseline), median(endpoint)];
        const pruned = partitions.length > 0 ? `${Math.round(median(partitions)).toLocaleString('en-US')} ms` : 'not measured';
        rows.push(`| ${benchCase.name} | ${Math.round(scanMs).toLocaleString('en-US')} ms | ${pruned} | **${Math.round(endpointMs).toLocaleString('en-US')} ms** | < ${benchCase.goalMs.toLocaleString('en-US')} ms ${endpointMs < benchCase.goalMs ? 'met' : 'NOT met'} | ${(scanMs / endpointMs).toFixed(0)}x |`);
      }
      console.log(`\n${MESSAGES.toLocaleString('en-US')} messages, medians of ${ROUNDS} alternating rounds, every answer equal to the full scan's:\n`);
      console.log('| request | baseline: full scan (in process) | daily partitions, pruned (in process) | endpoint: tallies (HTTP) | goal | speed-up over the scan |\n|---|---|---|---|---|---|');
      for (const row of rows) console.log(row);
    } finally {
      await database.close();
      await client.end();
      await server.stop();
    }
  });
}
