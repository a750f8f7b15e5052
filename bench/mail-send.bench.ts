/**
 * Mail sending (issues 15 and 34), each row beside its baseline of the same run:
 * - accepted `POST /mail/v1/emails` a second (one account, c=32, a verified domain, html of about
 *   1 KB) beside single SMS sends (`POST /api/messages/send`, one account, c=32) of an API process
 *   of the same role (`TUMA_ROLE=api`, each on a scratch database of its own, so that no worker
 *   dispatches the SMS while the mail is delivered);
 * - SMTP hand-offs a second: a worker process (`TUMA_ROLE=worker`, `MAIL_TRANSPORT=smtp`) started
 *   on the emails that row accepted signs each with the domain's key and hands it to an SMTP server
 *   in this process; beside it nodemailer alone hands as many messages of the same kind, DKIM-signed
 *   with an RSA-2048 key, to the same server over a pool, 32 at a time. Both rates are the server's:
 *   messages between its first and its last arrival;
 * - a broadcast to BENCH_BROADCAST_CONTACTS contacts (default 100,000, imported as CSV): the seconds
 *   from its acceptance to the last message at the SMTP server, with one worker process, beside
 *   nodemailer alone handing as many messages.
 * Rows take turns BENCH_ROUNDS times (default 3): the medians, and the ranges.
 *
 * Run: `npm run bench mail-send` (DATABASE_URL's server, default the local PostgreSQL).
 * BENCH_CPU_PROF=<dir> writes each server's CPU profile there.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { DnsZoneServer } from '../adapters/dns/test/support/dns-zone-server.ts';
import { startSmtpSink, type SmtpSink } from '../test/support/smtp-sink.ts';
import { BENCH_ADMIN_KEY, BENCH_SERVER_ENV, benchAccount } from './support/bench-server.ts';
import { call } from './support/http-call.ts';
import { BENCH_SECONDS, formatRow, measure, median, WARM_UP_SECONDS, type Row } from './support/measure.ts';
import { cpuPer, sampleCpu } from './support/process-cpu.ts';
import { analyze, withScratchDatabase } from './support/scratch-database.ts';
import { sendRequests } from './support/send-requests.ts';
import { profileOptions, startTumaProcess, type ServerProcess } from './support/server-process.ts';

const CONNECTIONS = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BROADCAST_CONTACTS = Number(process.env.BENCH_BROADCAST_CONTACTS ?? 100_000);
const PASSWORD = 'correct horse battery staple';
const DOMAIN = 'bench-mail.example.com';
const HTML = `<h1>Order KE-1042</h1><p>Your order has shipped. <a href="https://shop.example/orders/KE-1042">Track it</a>.</p>${'<p>Asante kwa kununua.</p>'.repeat(20)}`;
const message = (n: number) => ({ from: `Shop <orders@${DOMAIN}>`, to: `customer${n}@example.org`, subject: `Order KE-${n} has shipped`, html: HTML });

/**
 * A mail key with every permission, as a customer gets one: a user signs up (the verification link
 * read from the account service's outbox), pays for the enterprise plan (a million emails a month:
 * the free plan's 100 a day would stop the bench), makes the key with the dashboard token, and
 * verifies the domain against the records published in `dns`.
 */
async function mailKey(baseUrl: string, dns: DnsZoneServer): Promise<string> {
  const email = 'mail@bench.example';
  const auth = (path: string, body: unknown, token = '') => call(baseUrl, 'POST', `/auth/v1${path}`, token, body);
  const registered = await auth('/register', { email, password: PASSWORD });
  const [mailed] = (await call(baseUrl, 'GET', `/api/admin/outbox?to=${encodeURIComponent(email)}&limit=1`, BENCH_ADMIN_KEY)).body.messages;
  await auth('/verify-email', { token: /token=([0-9A-Za-z]+)/.exec(mailed.text)![1] });
  const token = (await auth('/login', { email, password: PASSWORD })).body.access_token as string;
  await call(baseUrl, 'POST', `/api/admin/balances/${registered.body.account.id}/credit`, BENCH_ADMIN_KEY, { amount: '100000', reason: 'bench', reference: 'bench-mail' });
  const plan = await auth('/subscriptions', { product: 'mail', tier: 'enterprise' }, token);
  if (plan.status !== 201) throw new Error(`The bench plan: ${JSON.stringify(plan.body)}`);
  const key = (await call(baseUrl, 'POST', '/mail/v1/api-keys', token, { name: 'bench', permissions: ['send', 'read', 'manage'] })).body.key as string;
  const domain = await call(baseUrl, 'POST', '/mail/v1/domains', key, { name: DOMAIN });
  for (const record of domain.body.records.filter((r: { required: boolean }) => r.required)) dns.publishTxt(record.name, record.value.slice(0, 255), record.value.slice(255));
  const verified = await call(baseUrl, 'POST', `/mail/v1/domains/${domain.body.id}/verify`, key);
  if (verified.body.status !== 'verified') throw new Error(`The bench domain did not verify: ${JSON.stringify(verified.body)}`);
  return key;
}

function emailRequests(key: string, offset: number): autocannon.Request[] {
  let n = offset;
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  return [{ method: 'POST', path: '/mail/v1/emails', setupRequest: (request) => ({ ...request, headers, body: JSON.stringify(message(n++)) }) }];
}

/** Waits until the sink holds `count` messages from index `from` on (each round's are new), up to `timeoutMs`; their arrivals' rate a second. */
async function handOffRate(sink: SmtpSink, from: number, count: number, timeoutMs = 600_000): Promise<{ perSecond: number; lastAt: number }> {
  const deadline = performance.now() + timeoutMs;
  while (sink.received.length < from + count) {
    if (performance.now() > deadline) throw new Error(`The SMTP server got ${sink.received.length - from} of ${count} messages`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const arrivals = sink.received.slice(from, from + count).map((mail) => mail.at);
  const [first, last] = [Math.min(...arrivals), Math.max(...arrivals)];
  return { perSecond: (count - 1) / ((last - first) / 1000), lastAt: last };
}

/** nodemailer alone: `count` DKIM-signed messages to the sink, `CONNECTIONS` in flight over a pool. */
async function nodemailerDirect(sink: SmtpSink, count: number): Promise<{ perSecond: number; seconds: number }> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const transport = nodemailer.createTransport({
    url: sink.url,
    pool: true,
    dkim: { domainName: DOMAIN, keySelector: 'bench', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const from = sink.received.length;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let n = next++; n < count; n = next++) await transport.sendMail(message(n));
    }),
  );
  transport.close();
  const { perSecond, lastAt } = await handOffRate(sink, from, count);
  return { perSecond, seconds: (lastAt - started) / 1000 };
}

/** A list of `count` contacts, imported as CSV (100,000 rows at most per file). */
async function contactList(baseUrl: string, key: string, count: number): Promise<string> {
  const list = (await call(baseUrl, 'POST', '/mail/v1/contacts/lists', key, { name: `bench ${count}` })).body.id as string;
  for (let offset = 0; offset < count; offset += 100_000) {
    const rows = Array.from({ length: Math.min(100_000, count - offset) }, (_, i) => `subscriber${offset + i}@example.org,Amina ${offset + i}`);
    const imported = await call(baseUrl, 'POST', `/mail/v1/contacts/lists/${list}/contacts/import`, key, ['email,first_name', ...rows].join('\n'), 'text/csv');
    if (imported.status !== 200) throw new Error(`The import answered ${imported.status}: ${JSON.stringify(imported.body).slice(0, 500)}`);
  }
  return list;
}

const count = (value: number) => Math.round(value).toLocaleString('en-US');
const range = (values: readonly number[]) => `${count(Math.min(...values))}-${count(Math.max(...values))}`;

export default async function (): Promise<void> {
  const sink = await startSmtpSink();
  const dns = await new DnsZoneServer().start();
  const logDir = mkdtempSync(join(tmpdir(), 'tuma-bench-'));
  const env = { ...BENCH_SERVER_ENV, MAIL_TRANSPORT: 'smtp', MAIL_SMTP_URL: sink.url, DNS_SERVERS: dns.address };
  const processes: ServerProcess[] = [];
  const start = async (url: string, role: string, name: string) => {
    const started = await startTumaProcess(url, { ...env, TUMA_ROLE: role }, logDir, profileOptions(), name);
    processes.push(started);
    return started;
  };
  try {
    await withScratchDatabase((smsUrl) =>
      withScratchDatabase(async (mailUrl) => {
        const smsApi = await start(smsUrl, 'api', 'sms-api');
        const mailApi = await start(mailUrl, 'api', 'mail-api');
        const smsKey = (await benchAccount(smsApi.baseUrl, 'sms@bench.example', 'KES')).key;
        const key = await mailKey(mailApi.baseUrl, dns);
        const sql = new pg.Client({ connectionString: mailUrl });
        await sql.connect();
        try {
          const queued = async () => (await sql.query<{ n: number }>("select count(*)::int as n from email where status = 'queued'")).rows[0]!.n;
          console.log(
            `PostgreSQL, one account at c=${CONNECTIONS}, ${ROUNDS} rounds of ${BENCH_SECONDS} s after ${WARM_UP_SECONDS} s of warm-up; API processes with TUMA_ROLE=api, then a worker (TUMA_ROLE=worker, MAIL_TRANSPORT=smtp) on the accepted emails, to an SMTP server in this process`,
          );
          // As in single-send: databases that have taken traffic have their planner statistics (autovacuum's
          // analyze, off on the bench machine). Without them the SMS row ran a sequential scan per send batch.
          await measure(smsApi.baseUrl, CONNECTIONS, sendRequests([smsKey], 90_000_000));
          await measure(mailApi.baseUrl, CONNECTIONS, emailRequests(key, 90_000_000));
          await Promise.all([analyze(smsUrl), analyze(mailUrl)]);
          const rows = { sms: [] as Row[], mail: [] as Row[], handOffs: [] as number[], nodemailer: [] as number[], emails: [] as number[], cpu: [] as string[] };
          for (let round = 0; round < ROUNDS; round++) {
            rows.sms.push(await measure(smsApi.baseUrl, CONNECTIONS, sendRequests([smsKey], round * 10_000_000)));
            rows.mail.push(await measure(mailApi.baseUrl, CONNECTIONS, emailRequests(key, round * 10_000_000)));
            const backlog = await queued();
            // The jobs just queued counted, as autovacuum would within a minute of so many new rows.
            await analyze(mailUrl);
            const from = sink.received.length;
            const worker = await start(mailUrl, 'worker', `worker-${round}`);
            const cpuBefore = sampleCpu({ worker: worker.pid });
            rows.handOffs.push((await handOffRate(sink, from, backlog)).perSecond);
            const cpuAfter = sampleCpu({ worker: worker.pid });
            await worker.stop();
            rows.emails.push(backlog);
            const directBefore = sampleCpu({});
            rows.nodemailer.push((await nodemailerDirect(sink, backlog)).perSecond);
            rows.cpu.push(`CPU per email, the worker's: ${cpuPer(cpuBefore, cpuAfter, backlog)} (the SMTP server in the bench process); nodemailer alone: ${cpuPer(directBefore, sampleCpu({}), backlog)}`);
          }
          const rates = (list: readonly Row[]) => list.map((row) => row.perSecond);
          console.log('| row | median | range | p99 (median) |\n|---|---|---|---|');
          console.log(`| POST /api/messages/send (baseline) | ${count(median(rates(rows.sms)))} req/s | ${range(rates(rows.sms))} | ${median(rows.sms.map((row) => row.p99))} ms |`);
          console.log(`| POST /mail/v1/emails | ${count(median(rates(rows.mail)))} req/s | ${range(rates(rows.mail))} | ${median(rows.mail.map((row) => row.p99))} ms |`);
          console.log(`| nodemailer alone, DKIM, pooled, ${CONNECTIONS} in flight (baseline) | ${count(median(rows.nodemailer))} messages/s | ${range(rows.nodemailer)} | |`);
          console.log(`| SMTP hand-offs by the worker (${rows.emails.map(count).join(', ')} emails) | ${count(median(rows.handOffs))}/s | ${range(rows.handOffs)} | |`);
          for (const [index, row] of rows.mail.entries()) console.log(`round ${index + 1}: send ${formatRow(rows.sms[index]!)}; email ${formatRow(row)}; ${rows.cpu[index]}`);

          if (BROADCAST_CONTACTS > 0) {
            const list = await contactList(mailApi.baseUrl, key, BROADCAST_CONTACTS);
            const worker = await start(mailUrl, 'worker', 'worker-broadcast');
            const from = sink.received.length;
            const accepted = performance.now();
            const sent = await call(mailApi.baseUrl, 'POST', `/mail/v1/contacts/lists/${list}/send`, key, { from: `Shop <news@${DOMAIN}>`, subject: 'Habari {{first_name|there}}', html: HTML });
            if (sent.status !== 200) throw new Error(`The broadcast answered ${sent.status}: ${JSON.stringify(sent.body)}`);
            const { perSecond, lastAt } = await handOffRate(sink, from, BROADCAST_CONTACTS, 1_800_000);
            await worker.stop();
            const direct = await nodemailerDirect(sink, BROADCAST_CONTACTS);
            console.log(
              `broadcast to ${count(BROADCAST_CONTACTS)} contacts: ${((lastAt - accepted) / 1000).toFixed(1)} s from the request to the last message at the SMTP server (${count(perSecond)}/s); nodemailer alone, the same count: ${direct.seconds.toFixed(1)} s (${count(direct.perSecond)}/s)`,
            );
          }
        } finally {
          await sql.end();
          for (const server of processes.reverse()) await server.stop().catch(() => undefined);
        }
      }),
    );
  } finally {
    rmSync(logDir, { recursive: true, force: true });
    await sink.close();
    await dns.close();
  }
}
