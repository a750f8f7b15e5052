/**
 * Bulk send of 100k recipients on the real PostgreSQL, end to end through a TumaServer started in
 * this process (role `all`, simulator carrier, every outcome a delivery):
 *  (a) wall time of `POST /api/messages/send-bulk` until its 200 (parse, validate, plan, charge,
 *      100k rows written and 200 dispatch jobs enqueued, all in the request transaction);
 *  (b) time from that 200 until every member has left `queued`/`sent` (handed to the simulator and
 *      accepted: `submitted` or already `delivered`), polled with SQL counts every 150 ms; as msg/s;
 *  (c) the baseline, on the same database in the same run (server stopped): `COPY ... FROM STDIN`
 *      of the very same 100k rows as the send-bulk wrote them (read back from `message` with the
 *      delivery columns reset to `queued`, in COPY text format), in one transaction, into
 *      `message_copy` (`like message including all` plus its two foreign keys: the same columns,
 *      checks, indexes and FK checks as the real insert) and into a bare `like message` table.
 *      `pg-copy-streams` is not installed: the COPY goes through `pg`'s own protocol support (a
 *      `pg.Query` that answers CopyInResponse with CopyData messages).
 * Goals (acceptance): response < 3 s, dispatch >= 2,000 msg/s.
 * Run: `npm run bench bulk-send`. Uses DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres) and a scratch database it creates and drops.
 */
import pg from 'pg';
import { call } from './support/http-call.ts';
import { withScratchDatabase } from './support/scratch-database.ts';
import { PhoneNumber } from '@tuma/messaging';
import { jsonLogger, loadConfig, TumaServer } from '@tuma/server';

const RECIPIENTS = 100_000;
const RESPONSE_GOAL_MS = 3_000;
const DISPATCH_GOAL_PER_SECOND = 2_000;
const POLL_MS = 150;
const DISPATCH_TIMEOUT_MS = 10 * 60_000;
const ADMIN_KEY = 'bench-operator-key-0123456789-abcdef';
const TEXT = 'Habari! Your Tuma order has shipped and will arrive on Friday. Reply STOP to opt out.';

/**
 * 100k distinct numbers that libphonenumber accepts, mostly Kenyan with some Nigerian, Tanzanian
 * and Ugandan ones (four routes). The last seven digits never end like the simulator's magic
 * numbers (`555000x`), so every member is accepted and delivered.
 */
function recipients(): { to: string }[] {
  const plan: [prefix: string, share: number][] = [
    ['+254712', 0.85], // KE: +254 712 xxxxxx
    ['+234803', 0.1], // NG: +234 803 xxx xxxx
    ['+255754', 0.03], // TZ: +255 754 xxxxxx
    ['+256772', 0.02], // UG: +256 772 xxxxxx
  ];
  const numbers: { to: string }[] = [];
  for (const [prefix, share] of plan) {
    const count = Math.round(RECIPIENTS * share);
    const digits = prefix === '+234803' ? 7 : 6;
    for (let i = 0; i < count && numbers.length < RECIPIENTS; i++) numbers.push({ to: `${prefix}${String(100_000 + i).padStart(digits, '1')}` });
  }
  return numbers;
}

/** The bench's own check that the audience is what it claims: distinct, all valid for libphonenumber. */
function checkRecipients(list: readonly { to: string }[]): Record<string, number> {
  const seen = new Set<string>();
  const countries: Record<string, number> = {};
  for (const { to } of list) {
    const phone = PhoneNumber.create(to);
    if (phone.isErr()) throw new Error(`Bench number ${to} does not validate: ${phone.error.reason}`);
    if (seen.has(phone.value.e164)) throw new Error(`Bench number ${to} is a duplicate`);
    seen.add(phone.value.e164);
    countries[phone.value.country] = (countries[phone.value.country] ?? 0) + 1;
  }
  if (seen.size !== RECIPIENTS) throw new Error(`Expected ${RECIPIENTS} numbers, got ${seen.size}`);
  return countries;
}

interface Counts {
  pending: number;
  done: number;
  other: number;
}

async function countsOf(client: pg.Client, batchId: string): Promise<Counts> {
  const { rows } = await client.query<Counts>(
    // Members not written as messages yet (their dispatch job has not run) are pending too.
    `select (b.total - count(m.id) filter (where m.status not in ('queued', 'sent')))::int as pending,
            count(m.id) filter (where m.status in ('submitted', 'delivered'))::int as done,
            count(m.id) filter (where m.status not in ('queued', 'sent', 'submitted', 'delivered'))::int as other
     from message_batch b left join message m on m.batch_id = b.id where b.id = $1 group by b.total`,
    [batchId],
  );
  return rows[0]!;
}

/** `COPY ... FROM STDIN` with `pg` alone: a query that answers the server's CopyInResponse with the payload. */
class CopyFromBuffer extends pg.Query {
  constructor(
    text: string,
    private readonly payload: Buffer,
  ) {
    super(text);
  }

  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    const CHUNK = 64 * 1024;
    for (let start = 0; start < this.payload.length; start += CHUNK) connection.sendCopyFromChunk(this.payload.subarray(start, start + CHUNK));
    connection.endCopyFrom();
  }
}

function copyFrom(client: pg.Client, sql: string, payload: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const query = client.query(new CopyFromBuffer(sql, payload));
    query.once('end', () => resolve());
    query.once('error', reject);
  });
}

/** One COPY text-format field: `\N` for null, backslash escapes for the rest. */
const copyField = (value: string | null): string =>
  value === null ? '\\N' : value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

/** Columns of `message` that a dispatch changes; the baseline copies them as the insert wrote them (`queued`). */
const QUEUED_STATE: Readonly<Record<string, string>> = {
  carrier: 'null',
  status: `'queued'`,
  retry_count: '0',
  error_code: 'null',
  carrier_message_ids: `'[]'::jsonb`,
  part_outcomes: `'[]'::jsonb`,
  sent_at: 'null',
  submitted_at: 'null',
  delivered_at: 'null',
  failed_at: 'null',
};

/** The batch's rows as the send-bulk wrote them (before any dispatch), as PostgreSQL prints them, in COPY text format. */
async function copyPayload(client: pg.Client, batchId: string): Promise<{ payload: Buffer; rows: number }> {
  const columns = (
    await client.query<{ name: string }>(`select attname as name from pg_attribute where attrelid = 'message'::regclass and attnum > 0 and not attisdropped order by attnum`)
  ).rows.map(({ name }) => QUEUED_STATE[name] ?? name);
  const result = await client.query<string[]>({
    text: `select ${columns.join(', ')} from message where batch_id = $1 order by batch_seq`,
    values: [batchId],
    rowMode: 'array',
    types: { getTypeParser: () => (value: string) => value },
  });
  const lines = result.rows.map((row) => row.map(copyField).join('\t'));
  return { payload: Buffer.from(`${lines.join('\n')}\n`), rows: result.rows.length };
}

async function timedCopy(client: pg.Client, table: string, payload: Buffer): Promise<number> {
  const started = performance.now();
  await client.query('begin');
  await copyFrom(client, `copy ${table} from stdin`, payload);
  await client.query('commit');
  return performance.now() - started;
}

const ms = (value: number): string => `${Math.round(value).toLocaleString('en-US')} ms`;
const seconds = (value: number): string => `${(value / 1000).toFixed(2)} s`;
const rate = (value: number): string => `${Math.round(value).toLocaleString('en-US')} msg/s`;

export default async function (): Promise<void> {
  await withScratchDatabase(async (url, admin) => {
    const scratch = new URL(url).pathname.slice(1);
    const sql = new pg.Client({ connectionString: url });
    let tuma: TumaServer | undefined;
    try {
      const audience = recipients();
      const countries = checkRecipients(audience);
      const config = loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        TUMA_ROLE: 'all',
        ADMIN_API_KEY: ADMIN_KEY,
        TUMA_SEED_DEMO: 'true',
        BODY_LIMIT_BYTES: String(16 * 1024 * 1024),
        SIMULATOR_LATENCY_MS: '5-30',
        SIMULATOR_OUTCOMES: 'delivered=1',
        JOB_POLLING_SECONDS: '0.5',
        ROUTE_THROUGHPUT_PER_SECOND: '100000',
        LOG_LEVEL: 'silent',
      });
      tuma = new TumaServer(config, jsonLogger('silent'));
      const started = await tuma.start();
      const baseUrl = `http://127.0.0.1:${started.port}`;
      const demo = started.demo;
      if (!demo) throw new Error('The server created no demo account');
      const credited = await call(baseUrl, 'POST', `/api/admin/balances/${demo.accountId}/credit`, ADMIN_KEY, {
        amount: '1000000.00',
        reason: 'bench credit',
        reference: 'bulk-send-bench',
      });
      if (credited.status !== 200) throw new Error(`Credit answered ${credited.status}: ${JSON.stringify(credited.body)}`);
      await sql.connect();
      const version = (await sql.query<{ server_version: string }>('show server_version')).rows[0]?.server_version;
      console.log(
        `PostgreSQL ${version}, scratch database ${scratch}; ${RECIPIENTS.toLocaleString('en-US')} recipients (${Object.entries(countries)
          .map(([country, count]) => `${country} ${count}`)
          .join(', ')}), 1 segment each; simulator latency 5-30 ms, route throughput 100,000/s, job polling 0.5 s, pool ${config.databasePoolSize}`,
      );

      // (a) the request, body serialized beforehand so only the server's work is timed.
      const body = JSON.stringify({ recipients: audience, text: TEXT });
      const requestStarted = performance.now();
      const accepted = await call(baseUrl, 'POST', '/api/messages/send-bulk', demo.liveKey, body);
      const responseMs = performance.now() - requestStarted;
      const responded = performance.now();
      if (accepted.status !== 200) throw new Error(`send-bulk answered ${accepted.status}: ${JSON.stringify(accepted.body).slice(0, 500)}`);
      const batchId: string = accepted.body.batch_id;
      if (accepted.body.total_recipients !== RECIPIENTS) throw new Error(`Batch has ${accepted.body.total_recipients} members, expected ${RECIPIENTS}`);

      // (b) until nobody is queued or sent any more.
      let counts = await countsOf(sql, batchId);
      const progress: { at: number; done: number }[] = [{ at: 0, done: counts.done }];
      while (counts.pending > 0) {
        if (performance.now() - responded > DISPATCH_TIMEOUT_MS) throw new Error(`Dispatch did not finish in ${seconds(DISPATCH_TIMEOUT_MS)}: ${JSON.stringify(counts)}`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        counts = await countsOf(sql, batchId);
        progress.push({ at: performance.now() - responded, done: counts.done });
      }
      const dispatchMs = performance.now() - responded;
      if (counts.other > 0 || counts.done !== RECIPIENTS) throw new Error(`Members ended elsewhere: ${JSON.stringify(counts)}`);
      const dispatchRate = RECIPIENTS / (dispatchMs / 1000);
      const firstDone = progress.find((p) => p.done > 0)?.at ?? 0;
      const steadyRate = RECIPIENTS / ((dispatchMs - firstDone) / 1000);
      const [timeline] = (
        await sql.query<{ first_sent: number; last_sent: number; first_submitted: number; last_submitted: number; jobs: number }>(
          `select extract(epoch from min(sent_at) - b.created_at) * 1000 as first_sent, extract(epoch from max(sent_at) - b.created_at) * 1000 as last_sent,
                  extract(epoch from min(submitted_at) - b.created_at) * 1000 as first_submitted, extract(epoch from max(submitted_at) - b.created_at) * 1000 as last_submitted,
                  (select count(*)::int from pgboss.job j where j.name = 'messaging.dispatch-batch' and j.data->>'batchId' = $1) as jobs
           from message m join message_batch b on b.id = m.batch_id where m.batch_id = $1 group by b.created_at`,
          [batchId],
        )
      ).rows;

      // (a') the same audience as a saved contact list (numbers validated once, at import): time to the 200.
      const list = await call(baseUrl, 'POST', '/api/contacts/lists', demo.liveKey, { name: 'Bench audience' });
      const csv = ['phone', ...audience.map((r) => r.to)].join('\n');
      const imported = await call(baseUrl, 'POST', `/api/contacts/lists/${list.body.id}/import`, demo.liveKey, csv, 'text/csv');
      if (imported.status !== 200 || imported.body.imported !== RECIPIENTS) throw new Error(`Import answered ${imported.status}: ${JSON.stringify(imported.body).slice(0, 300)}`);
      const listStarted = performance.now();
      const fromList = await call(baseUrl, 'POST', '/api/messages/send-bulk', demo.liveKey, { contact_list_ids: [list.body.id], text: `${TEXT} ` });
      const listResponseMs = performance.now() - listStarted;
      if (fromList.status !== 200 || fromList.body.total_recipients !== RECIPIENTS) throw new Error(`List send answered ${fromList.status}: ${JSON.stringify(fromList.body).slice(0, 300)}`);

      await tuma.stop();
      tuma = undefined;

      // (c) the baseline, with the server stopped: the same rows, COPY FROM STDIN.
      const { payload, rows } = await copyPayload(sql, batchId);
      // Same columns, defaults, checks and indexes as `message`, and its two foreign keys.
      await sql.query(
        `create table message_copy (like message including all,
           foreign key (account_id) references account (id), foreign key (batch_id) references message_batch (id))`,
      );
      await sql.query('create table message_copy_bare (like message)');
      const copyIndexedMs = await timedCopy(sql, 'message_copy', payload);
      const copyBareMs = await timedCopy(sql, 'message_copy_bare', payload);
      const indexes = (await sql.query<{ n: number }>(`select count(*)::int as n from pg_indexes where tablename = 'message'`)).rows[0]!.n;

      const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
      const rowsOut = [
        ['send-bulk (inline recipients): time to the 200', seconds(responseMs), `< ${seconds(RESPONSE_GOAL_MS)}`, verdict(responseMs < RESPONSE_GOAL_MS)],
        ['send-bulk (a saved contact list): time to the 200', seconds(listResponseMs), `< ${seconds(RESPONSE_GOAL_MS)}`, verdict(listResponseMs < RESPONSE_GOAL_MS)],
        ['dispatch: 200 -> all submitted', `${seconds(dispatchMs)} = ${rate(dispatchRate)}`, `>= ${rate(DISPATCH_GOAL_PER_SECOND)}`, verdict(dispatchRate >= DISPATCH_GOAL_PER_SECOND)],
        ['  (from the first submission)', rate(steadyRate), '', ''],
        [`COPY ${rows.toLocaleString('en-US')} rows, ${indexes} indexes + FKs`, seconds(copyIndexedMs), 'baseline', ''],
        ['COPY, bare table', seconds(copyBareMs), 'baseline', ''],
      ];
      const widths = [0, 1, 2].map((column) => Math.max(...rowsOut.map((row) => row[column]!.length)));
      for (const row of rowsOut) console.log(`  ${row[0]!.padEnd(widths[0]!)}  ${row[1]!.padEnd(widths[1]!)}  ${row[2]!.padEnd(widths[2]!)}  ${row[3]}`);
      console.log(
        `  response / COPY (same rows, same table definition): ${(responseMs / copyIndexedMs).toFixed(1)}x; payload ${(payload.length / 1024 / 1024).toFixed(1)} MB as COPY text, ${(body.length / 1024 / 1024).toFixed(1)} MB as the JSON body`,
      );
      if (timeline) {
        console.log(
          `  after the batch's created_at: first sent ${ms(timeline.first_sent)}, first submitted ${ms(timeline.first_submitted)}, last sent ${ms(timeline.last_sent)}, last submitted ${ms(timeline.last_submitted)}; ${timeline.jobs} dispatch jobs; response at ${ms(responseMs)} after the request`,
        );
      }
    } finally {
      await tuma?.stop().catch(() => undefined);
      await sql.end().catch(() => undefined);
    }
  });
}
