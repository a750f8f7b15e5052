/**
 * Mail sending (issue 15): accepted sends a second (`POST /mail/v1/emails`, one account, c=32, a
 * verified domain) and SMTP hand-offs a second (each email DKIM-signed and handed to an SMTP server
 * in this process by the delivery job, `MAIL_TRANSPORT=smtp`), next to nodemailer handing the same
 * kind of message, DKIM-signed with an RSA-2048 key, to the same SMTP server directly, 32 at a time
 * over a pool, in the same run. A real server process (TUMA_ROLE=all) on PostgreSQL.
 *
 * Run: `npm run bench mail-send` (DATABASE_URL's server, default the local PostgreSQL).
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
import { BENCH_ADMIN_KEY, BENCH_SERVER_ENV } from './support/bench-server.ts';
import { call } from './support/http-call.ts';
import { BENCH_SECONDS, formatRow, measure, WARM_UP_SECONDS } from './support/measure.ts';
import { withScratchDatabase } from './support/scratch-database.ts';
import { startTumaProcess } from './support/server-process.ts';

const CONNECTIONS = 32;
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

function sendRequests(key: string): autocannon.Request[] {
  let n = 0;
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  return [{ method: 'POST', path: '/mail/v1/emails', setupRequest: (request) => ({ ...request, headers, body: JSON.stringify(message(n++)) }) }];
}

/** Waits until the sink holds `count` messages; the seconds from `since`. */
async function handedOff(sink: SmtpSink, count: number, since: number): Promise<number> {
  while (sink.received.length < count) await new Promise((resolve) => setTimeout(resolve, 50));
  return (performance.now() - since) / 1000;
}

/** nodemailer alone: `count` DKIM-signed messages to the sink, `CONNECTIONS` in flight over a pool. */
async function nodemailerDirect(sink: SmtpSink, count: number): Promise<number> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const transport = nodemailer.createTransport({
    url: sink.url,
    pool: true,
    dkim: { domainName: DOMAIN, keySelector: 'bench', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let n = next++; n < count; n = next++) await transport.sendMail(message(n));
    }),
  );
  transport.close();
  return count / ((performance.now() - started) / 1000);
}

export default async function (): Promise<void> {
  const sink = await startSmtpSink();
  const dns = await new DnsZoneServer().start();
  try {
    await withScratchDatabase(async (url) => {
      const logDir = mkdtempSync(join(tmpdir(), 'tuma-bench-'));
      const env = { ...BENCH_SERVER_ENV, TUMA_ROLE: 'all', MAIL_TRANSPORT: 'smtp', MAIL_SMTP_URL: sink.url, DNS_SERVERS: dns.address };
      const tuma = await startTumaProcess(url, env, logDir);
      const sql = new pg.Client({ connectionString: url });
      await sql.connect();
      try {
        const key = await mailKey(tuma.baseUrl, dns);
        const emails = async () => (await sql.query<{ n: number }>('select count(*)::int as n from email')).rows[0]!.n;
        console.log(`PostgreSQL, one account at c=${CONNECTIONS}, ${BENCH_SECONDS} s after ${WARM_UP_SECONDS} s of warm-up, server process with TUMA_ROLE=all, MAIL_TRANSPORT=smtp to an SMTP server in this process`);
        const started = performance.now();
        const row = await measure(tuma.baseUrl, CONNECTIONS, sendRequests(key));
        const accepted = await emails();
        const seconds = await handedOff(sink, accepted, started);
        console.log(`POST /mail/v1/emails: ${formatRow(row)}`);
        console.log(`SMTP hand-offs: ${accepted.toLocaleString('en-US')} emails (warm-up included) in ${seconds.toFixed(1)} s from the first request: ${Math.round(accepted / seconds).toLocaleString('en-US')}/s`);
        const direct = await nodemailerDirect(sink, Math.min(accepted, 5_000));
        console.log(`nodemailer alone, DKIM-signed, pooled, ${CONNECTIONS} in flight: ${Math.round(direct).toLocaleString('en-US')} messages/s`);
      } finally {
        await sql.end();
        await tuma.stop();
        rmSync(logDir, { recursive: true, force: true });
      }
    });
  } finally {
    await sink.close();
    await dns.close();
  }
}
