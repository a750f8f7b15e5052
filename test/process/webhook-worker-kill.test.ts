import { expect } from 'chai';
import { DISPATCH_BATCH_JOB, SMS_WEBHOOK_PROFILE } from '@tuma/messaging';
import { deliverWebhookJob } from '@tuma/webhooks';
import { databaseKind, testDatabase } from '../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../support/test-server.ts';
import { until } from '../support/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { JOB_TAKEOVER_ENV, startWorkerProcess, waitForStart, type WorkerProcess } from '../support/worker-process.ts';

/**
 * Acceptance (issue 31): `kill -9` of a worker in the middle of delivering delivery-report webhooks
 * POSTs again at most the deliveries it had in flight (a POST whose answer was not recorded is
 * attempted again): at most the queue's concurrency (16) per killed process, each first POSTed
 * just before the kill. The receiver runs in this process (never killed), keeps each POST 100 ms
 * and counts them by X-Webhook-ID. docs/reliability.md, "What a kill can duplicate".
 */

const RECIPIENTS = 400;
const KILL_AT_POSTS = 200;
const ANSWER_AFTER_MS = 100;
const WORKER_ENV = { CARRIER_GATEWAY: 'simulator', SIMULATOR_LATENCY_MS: '1-5', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL };

async function sql<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
  const database = await testDatabase();
  return database.withContext(() => database.em.execute(text, params)) as Promise<T[]>;
}

describe(`webhook deliveries with their worker killed mid-way on ${databaseKind()}`, function () {
  this.timeout(180_000);
  let api: TestServer | undefined;
  let receiver: WebhookReceiver | undefined;
  const workers: WorkerProcess[] = [];

  after(async () => {
    for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((worker) => worker.exited));
    await api?.stop();
    await receiver?.close();
  });

  it('POSTs every event, and again only those the killed worker had in flight', async function () {
    if (databaseKind() !== 'postgresql') {
      this.test!.title += ' [skipped: needs PostgreSQL (DATABASE_URL); on embedded PGlite only one process can open the database]';
      this.skip();
    }
    receiver = await startWebhookReceiver({ answerAfterMs: ANSWER_AFTER_MS });
    const env = { ...WORKER_ENV, WEBHOOK_ALLOW_HOSTS: receiver.host, DATABASE_URL: process.env.DATABASE_URL! };
    api = await startTestServer({ TUMA_ROLE: 'api', ...JOB_TAKEOVER_ENV, ...env });
    const server = api;
    const key = server.started.demo!.liveKey;
    expect((await server.request('POST', `/api/admin/balances/${server.started.demo!.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 100, reason: 'webhook kill', reference: 'webhook-kill' } })).status).to.equal(200);
    expect((await server.request('PUT', '/api/webhooks', { key, body: { dlr_url: `${receiver.url}/dlr`, is_active: true } })).status).to.equal(200);
    const start = () => {
      const worker = startWorkerProcess(env);
      workers.push(worker);
      return worker;
    };
    const first = start();
    await waitForStart(first, 'the first worker');

    const phones = Array.from({ length: RECIPIENTS }, (_, i) => `+2547550${String(i).padStart(5, '0')}`);
    const accepted = await server.request('POST', '/api/messages/send-bulk', { key, body: { recipients: phones.map((to) => ({ to })), text: 'Habari!' } });
    expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);

    await until(`${KILL_AT_POSTS} POSTs`, async () => receiver!.received.length, (n) => n >= KILL_AT_POSTS || first.child.exitCode !== null, 90_000);
    first.child.kill('SIGKILL');
    await first.exited;
    const second = start();
    await waitForStart(second, 'the second worker');

    const [batch] = await sql<{ n: number }>(`select count(*)::int as n from message where batch_id = ?`, [accepted.body.batch_id]);
    expect(batch!.n).to.equal(RECIPIENTS);
    await until(
      'every delivery report delivered',
      async () => (await sql<{ pending: number; jobs: number }>(
        `select (select count(*)::int from webhook_delivery where status <> 'delivered') as pending,
                (select count(*)::int from pgboss.job where name in (?, ?) and state not in ('completed')) as jobs`,
        [deliverWebhookJob(SMS_WEBHOOK_PROFILE).name, DISPATCH_BATCH_JOB.name],
      ))[0]!,
      (left) => left.pending === 0 && left.jobs === 0,
      120_000,
    );
    const [{ events }] = (await sql<{ events: number }>(`select count(*)::int as events from webhook_delivery`)) as [{ events: number }];
    const posts = new Map<string, number[]>();
    for (const [index, hook] of receiver.received.entries()) posts.set(String(hook.headers['x-webhook-id']), [...(posts.get(String(hook.headers['x-webhook-id'])) ?? []), index]);
    const twice = [...posts].filter(([, at]) => at.length > 1);
    console.log(`      ${receiver.received.length} POSTs for ${events} events; ${twice.length} POSTed twice`);
    expect(posts.size, 'every event POSTed').to.equal(events);
    expect(events, 'a report for each message at least').to.be.at.least(RECIPIENTS);
    expect(twice.filter(([, at]) => at.length > 2), 'none thrice').to.deep.equal([]);
    expect(twice.length, "POSTed again: only the killed worker's deliveries in flight").to.be.at.most(deliverWebhookJob(SMS_WEBHOOK_PROFILE).concurrency!);
  });
});
