import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { DELIVER_EMAIL_JOB, DISPATCH_BROADCAST_JOB } from '@tuma/mail';
import { startMailWorld, type MailWorld } from '../support/mail-world.ts';
import { ok } from '../support/responses.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { databaseKind, testDatabase } from '../support/test-database.ts';
import { JOB_TAKEOVER_ENV, startWorkerProcess, waitForStart, type WorkerProcess } from '../support/worker-process.ts';

/**
 * Acceptance (issue 18): a worker process is SIGKILLed in the middle of a 10,000-contact broadcast
 * and a new one is started on the same PostgreSQL database. The API runs in this process
 * (TUMA_ROLE=api); the workers are real `apps/server/src/main.ts` processes (TUMA_ROLE=worker)
 * delivering through SMTP to a real SMTP server of this process (MAIL_TRANSPORT=smtp).
 *
 * What "the broadcast survived" means:
 * - every contact got exactly one email: 10,000 recipients, each `queued` with an email of its own
 *   (claimed with a state transition in the unit of work that wrote the email: a dispatch attempt
 *   killed half-way left nothing, its retry wrote the chunk once), 10,000 emails tagged with the
 *   broadcast, one per address;
 * - every contact was mailed: the SMTP server received a message for each of the 10,000 emails
 *   (each names its email in its envelope sender, the VERP return path), to its contact only;
 * - none twice: the only copies the server may hold twice are of the emails the killed worker had
 *   on the wire when it died (handed to the relay, the answer not yet recorded: SMTP cannot tell
 *   "not received" from "received, reply lost", RFC 1047), bounded by its delivery attempts still
 *   active at the kill, each the same message again (same envelope sender, same Message-ID, which
 *   receivers recognise).
 */

const CONTACTS = 10_000;
const KILL_AFTER_RECEIVED = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sql<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
  const database = await testDatabase();
  return database.withContext(() => database.em.execute(text, params)) as Promise<T[]>;
}

/** The email a received message is for: its envelope sender is `<email id, lower-case>@bounces.<domain>`. */
const emailIdOf = (from: string): string => from.slice(0, from.indexOf('@')).toUpperCase().replace(/^EM_/, 'em_');

describe(`broadcast with its worker killed mid-way and restarted on ${databaseKind()}`, function () {
  this.timeout(600_000);
  let world: MailWorld | undefined;
  let sink: SmtpSink | undefined;
  const workers: WorkerProcess[] = [];

  after(async () => {
    for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await world?.stop();
    await sink?.close();
  });

  it('mails every contact, each with one email, none lost; copies only of what the killed worker had on the wire', async function () {
    if (databaseKind() !== 'postgresql') {
      this.test!.title += ' [skipped: needs PostgreSQL (DATABASE_URL); on embedded PGlite only one process can open the database]';
      this.skip();
    }
    const started = Date.now();
    const log = (step: string) => console.log(`      ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${step}`);
    sink = await startSmtpSink();
    // The API and the workers share the keys that seal DKIM keys and sign unsubscribe links.
    const keys = { WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'), MAIL_TOKEN_KEY: randomBytes(32).toString('base64') };
    const transport = { MAIL_TRANSPORT: 'smtp', MAIL_SMTP_URL: sink.url };
    world = await startMailWorld({ domain: 'kill.example.com', plan: 'starter', env: { TUMA_ROLE: 'api', ...JOB_TAKEOVER_ENV, ...keys, ...transport } });
    const mail = world.mail;
    const workerEnv = { DATABASE_URL: process.env.DATABASE_URL!, ...keys, ...transport, MAIL_PUBLIC_URL: world.api.apiUrl('mail') };

    const list = ok(await mail('POST', '/v1/contacts/lists', { name: 'Everyone' }), 201);
    const addresses = Array.from({ length: CONTACTS }, (_, i) => `reader${String(i).padStart(5, '0')}@example.org`);
    const imported = ok(
      await world.api.request('POST', `/v1/contacts/lists/${list.id}/contacts/import`, { api: 'mail', key: world.key, rawBody: ['email,first_name', ...addresses.map((a, i) => `${a},Reader ${i}`)].join('\n'), headers: { 'Content-Type': 'text/csv' } }),
    );
    expect(imported).to.include({ imported: CONTACTS, error_count: 0 });
    log('10,000 contacts imported');

    const first = startWorkerProcess(workerEnv);
    workers.push(first);
    await waitForStart(first, 'the first worker');
    log('first worker started');

    const accepted = ok(await mail('POST', `/v1/contacts/lists/${list.id}/send`, { from: 'News <news@kill.example.com>', subject: 'Issue {{first_name}}', text: 'Hello {{first_name}}' }));
    expect(accepted.counts).to.include({ recipients: CONTACTS, pending: CONTACTS });
    const broadcastId: string = accepted.id;
    log(`broadcast accepted: ${broadcastId}`);

    // Kill the first worker once the relay has some of the messages.
    const killDeadline = Date.now() + 120_000;
    while (sink.received.length < KILL_AFTER_RECEIVED) {
      if (Date.now() > killDeadline || first.child.exitCode !== null) throw new Error(`never reached the kill point: ${sink.received.length} received\n${first.output().slice(-4000)}`);
      await sleep(20);
    }
    first.child.kill('SIGKILL');
    expect(await first.exited).to.deep.equal({ code: null, signal: 'SIGKILL' });
    const receivedAtKill = sink.received.length;
    const [inFlight] = await sql<{ deliveries: number; dispatches: number; pending: number }>(
      `select (select count(*)::int from pgboss.job where name = ? and state = 'active') as deliveries,
              (select count(*)::int from pgboss.job where name = ? and state = 'active') as dispatches,
              (select count(*)::int from mail_broadcast_recipient where broadcast_id = ? and state = 'pending') as pending`,
      [DELIVER_EMAIL_JOB.name, DISPATCH_BROADCAST_JOB.name, broadcastId],
    );
    log(`first worker killed: ${receivedAtKill} received, ${JSON.stringify(inFlight)}`);
    expect(receivedAtKill, 'mid-way').to.be.lessThan(CONTACTS);

    const second = startWorkerProcess(workerEnv);
    workers.push(second);
    await waitForStart(second, 'the second worker');
    log('second worker started');

    const drainDeadline = Date.now() + 420_000;
    let view = ok(await mail('GET', `/v1/broadcasts/${broadcastId}`));
    while (!(view.status === 'sent' && new Set(sink.received.map((m) => m.from)).size >= CONTACTS)) {
      if (Date.now() > drainDeadline || second.child.exitCode !== null) throw new Error(`the broadcast did not drain: ${JSON.stringify(view.counts)}, ${sink.received.length} received\n${second.output().slice(-4000)}`);
      await sleep(500);
      view = ok(await mail('GET', `/v1/broadcasts/${broadcastId}`));
    }
    log(`drained: ${JSON.stringify(view.counts)}, ${sink.received.length} messages received`);
    expect(view.counts).to.deep.include({ recipients: CONTACTS, pending: 0, queued: 0, sent: CONTACTS, failed: 0 });

    // One email per contact.
    const recipients = await sql<{ seq: number; email: string; state: string; email_id: string | null }>(`select seq, email, state, email_id from mail_broadcast_recipient where broadcast_id = ? order by seq`, [broadcastId]);
    expect(recipients).to.have.length(CONTACTS);
    expect(recipients.every((r) => r.state === 'queued' && r.email_id !== null), 'every recipient has its email').to.equal(true);
    expect(new Set(recipients.map((r) => r.email_id)).size, 'distinct emails').to.equal(CONTACTS);
    const emails = await sql<{ id: string; recipient: string; status: string }>(`select id, recipients->>0 as recipient, status from email where tags @> ?::jsonb`, [JSON.stringify([{ name: 'broadcast', value: broadcastId }])]);
    expect(emails, 'emails of the broadcast').to.have.length(CONTACTS);
    expect(new Set(emails.map((e) => e.recipient))).to.deep.equal(new Set(addresses));
    expect(new Set(emails.map((e) => e.id))).to.deep.equal(new Set(recipients.map((r) => r.email_id)));

    // Every contact mailed, each message to its own contact.
    const emailOf = new Map(emails.map((e) => [e.id, e.recipient]));
    const copies = new Map<string, number>();
    for (const message of sink.received) {
      const emailId = emailIdOf(message.from);
      expect(message.to, `${emailId}'s message goes to its contact only`).to.deep.equal([emailOf.get(emailId)]);
      expect(/Message-ID: (<[^>]+>)/.exec(message.message)?.[1], 'each copy is the same message').to.equal(`<${emailId.toLowerCase()}@bounces.kill.example.com>`);
      copies.set(emailId, (copies.get(emailId) ?? 0) + 1);
    }
    expect(copies.size, 'emails the relay received').to.equal(CONTACTS);
    const twice = [...copies.values()].filter((n) => n > 1);
    expect(twice.every((n) => n === 2), 'never more than one copy again').to.equal(true);
    expect(twice.length, 'copies sent again: only of deliveries the killed worker had running').to.be.at.most(inFlight!.deliveries);
    log(`checked: ${CONTACTS} contacts, one email each; ${twice.length} message(s) handed to the relay again after the kill (of ${inFlight!.deliveries} deliveries running at it)`);

    second.child.kill('SIGTERM');
    const stopped = await second.exited;
    expect(stopped, second.output().slice(-4000)).to.deep.equal({ code: 0, signal: null });
    expect(second.output().split('\n').filter((line) => line.includes('"level":"error"')), 'errors logged by the new worker').to.deep.equal([]);
  });
});
