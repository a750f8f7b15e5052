import { expect } from 'chai';
import pg from 'pg';
import { startApiProcess, stopAll, type ApiProcess } from '../support/api-process.ts';
import { privatePostgresMissing, skipBecause, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.ts';
import { SIMULATOR_DELIVERS_ALL } from '../support/test-server.ts';

/**
 * Acceptance (issue 31, a database blip): a real server (`TUMA_ROLE=all`) on a private PostgreSQL
 * cluster, 32 clients sending with an Idempotency-Key each, the cluster stopped (immediate: every
 * connection dies at once) for OUTAGE_MS and started again. Every answer to a request sent while it
 * was down is 503 service_unavailable with Retry-After, none 500; the server logs a few lines for
 * the outage, not one per request; sends succeed again after the return; the keys the outage left
 * claimed are free within 5 s of it, and a key whose send committed replays its first answer.
 */

const OPERATOR_KEY = 'database-outage-operator-key-0123456789';
const CLIENTS = 32;
const BEFORE_MS = 3_000;
const OUTAGE_MS = 6_000;
const AFTER_MS = 4_000;
const FREED_WITHIN_MS = 5_000;

const phone = (i: number) => `+2547${String(50_000_000 + i).slice(-8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  readonly i: number;
  readonly sentAt: number;
  readonly answeredAt: number;
  readonly status: number;
  readonly retryAfter: string | null;
  readonly replayed: boolean;
  readonly body: any;
}

async function post(api: ApiProcess, path: string, key: string, body: unknown, idempotencyKey?: string) {
  const response = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let answer: any;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = { not_json: text, headers: Object.fromEntries(response.headers) };
  }
  return { status: response.status, retryAfter: response.headers.get('retry-after'), replayed: response.headers.get('idempotent-replayed') === 'true', body: answer };
}

const sendBody = (i: number) => ({ to: phone(i), text: `Your order ${i} has shipped` });

describe('a database outage under load (private PostgreSQL cluster, a real server process)', function () {
  this.timeout(180_000);
  let cluster: PrivatePostgres | undefined;
  let api: ApiProcess | undefined;

  before(async function () {
    const missing = privatePostgresMissing();
    if (missing) skipBecause(this, missing);
    cluster = await startPrivatePostgres();
  });
  after(async () => {
    if (api) await stopAll([api]);
    await cluster?.destroy();
  });

  async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: cluster!.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  it('answers 503 with Retry-After while the database is down (never 500), logs the outage in a few lines, and frees its keys within 5 s of the return', async () => {
    api = await startApiProcess('outage', {
      DATABASE_URL: cluster!.url,
      TUMA_ROLE: 'all',
      ADMIN_API_KEY: OPERATOR_KEY,
      RATE_LIMIT_ENABLED: 'false',
      SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL,
      JOB_POLLING_SECONDS: '0.5',
    });
    const account = (await post(api, '/api/admin/accounts', OPERATOR_KEY, { email: `outage-${Date.now()}@example.com` })).body;
    const key = (await post(api, `/api/admin/accounts/${account.id}/keys`, OPERATOR_KEY, { environment: 'live' })).body.key as string;
    expect((await post(api, `/api/admin/balances/${account.id}/credit`, OPERATOR_KEY, { amount: 1000, reason: 'outage test', reference: 'outage-credit' })).status).to.equal(200);
    expect((await post(api, '/api/admin/fx-rates', OPERATOR_KEY, { from: 'USD', to: 'KES', rate: '129.5' })).status).to.equal(201);

    const answers: Answer[] = [];
    const failures: string[] = [];
    let next = 0;
    let running = true;
    const client = async () => {
      while (running) {
        const i = next++;
        const sentAt = Date.now();
        try {
          const answer = await post(api!, '/api/messages/send', key, sendBody(i), `outage-${i}`);
          answers.push({ i, sentAt, answeredAt: Date.now(), ...answer });
          if (answer.status === 503) await sleep(50);
        } catch (error) {
          failures.push(`${i}: ${(error as Error).message}`);
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    await sleep(BEFORE_MS);
    const logBefore = api.output().length;
    const stoppedAt = Date.now();
    await cluster!.stop();
    // pg_ctl takes a moment: what was sent until it returned may have met the database going away.
    const downAt = Date.now();
    await sleep(OUTAGE_MS);
    const restartingAt = Date.now();
    await cluster!.start();
    const restartedAt = Date.now();
    // The claims stored before the stop and never answered: how many right after the return, and when the last was freed.
    const leftClaimed = () => sql<{ n: number }>(`select count(*)::int as n from idempotency_record where response_status is null and created_at < $1`, [new Date(stoppedAt)]).then(([row]) => row!.n);
    const claimedAtReturn = await leftClaimed();
    let freedAt: number | undefined;
    while (freedAt === undefined && Date.now() < restartedAt + AFTER_MS) {
      if ((await leftClaimed()) === 0) freedAt = Date.now();
      else await sleep(100);
    }
    await sleep(restartedAt + AFTER_MS - Date.now());
    running = false;
    await Promise.all(clients);

    expect(failures, `requests without an answer; the server's log:\n${api.output().slice(-6000)}`).to.deep.equal([]);
    expect(answers.filter((a) => a.status === 500).map((a) => a.body), 'no 500').to.deep.equal([]);
    const duringOutage = answers.filter((a) => a.sentAt > stoppedAt + 200 && a.answeredAt < restartingAt);
    expect(duringOutage.length, 'answers during the outage').to.be.greaterThan(CLIENTS);
    for (const answer of duringOutage) {
      expect({ status: answer.status, retryAfter: answer.retryAfter, code: answer.body.error?.code }, `outage-${answer.i}`).to.deep.equal({ status: 503, retryAfter: '5', code: 'service_unavailable' });
      expect(answer.body.error.retry_after).to.equal(5);
    }
    const unexpected = answers.filter((a) => a.status !== 200 && a.status !== 503);
    expect(unexpected.map((a) => `${a.status} ${JSON.stringify(a.body)}`), 'answers other than 200 and 503').to.deep.equal([]);
    expect(answers.some((a) => a.sentAt > restartedAt && a.status === 200), 'sends succeed again after the return').to.equal(true);
    expect(answers.filter((a) => a.sentAt > restartedAt + FREED_WITHIN_MS && a.status !== 200).map((a) => a.status), `all sends succeed ${FREED_WITHIN_MS} ms after the return`).to.deep.equal([]);

    const outageLog = api.output().slice(logBefore).split('\n').filter((line) => line.trim() !== '');
    expect(outageLog.filter((line) => line.includes('unhandled error')), 'no stack per request').to.deep.equal([]);
    expect(outageLog.length, `the outage's log lines:\n${outageLog.join('\n')}`).to.be.at.most(20);
    expect(outageLog.some((line) => line.includes('database unreachable'))).to.equal(true);
    expect(outageLog.some((line) => line.includes('database reachable again'))).to.equal(true);

    expect(freedAt, `${claimedAtReturn} keys left claimed by the outage, not freed ${AFTER_MS} ms after the return`).to.not.equal(undefined);
    expect(freedAt! - restartedAt, 'ms from the return until the keys left claimed were freed').to.be.at.most(FREED_WITHIN_MS);

    // The keys in flight at the stop (sent before it, answered 503), and a sample of the others refused, run when retried with their key (never 409);
    // a sample of the keys answered 200 before the stop replay their answer.
    const lastOf = new Map<number, Answer>();
    for (const answer of answers) lastOf.set(answer.i, answer);
    const refused = [...lastOf.values()].filter((a) => a.status === 503);
    const inFlightAtStop = refused.filter((a) => a.sentAt < downAt);
    const retried = [...inFlightAtStop, ...refused.filter((a) => a.sentAt >= downAt).slice(0, 30)];
    expect(inFlightAtStop.length, 'keys in flight at the stop').to.be.greaterThan(0);
    const retries = await Promise.all(retried.map((first) => post(api!, '/api/messages/send', key, sendBody(first.i), `outage-${first.i}`)));
    retries.forEach((again, n) => expect(again.status, `outage-${retried[n]!.i} retried: ${JSON.stringify(again.body)}`).to.equal(200));
    const succeeded = [...lastOf.values()].filter((a) => a.status === 200 && a.sentAt < stoppedAt).slice(-30);
    for (const first of succeeded) {
      const again = await post(api, '/api/messages/send', key, sendBody(first.i), `outage-${first.i}`);
      expect({ status: again.status, replayed: again.replayed, body: again.body }, `outage-${first.i} replayed`).to.deep.equal({ status: 200, replayed: true, body: first.body });
    }
    // One message per key that ended in a 200: nothing ran twice.
    const perPhone = await sql<{ phone: string; n: number }>(`select phone, count(*)::int as n from message where account_id = $1 group by phone having count(*) > 1`, [account.id]);
    expect(perPhone, 'recipients with more than one message').to.deep.equal([]);
    console.log(
      `      ${answers.length} answers, ${duringOutage.length} during the outage (all 503); ${claimedAtReturn} keys left claimed at the return, freed ${freedAt! - restartedAt} ms after it; ` +
        `${inFlightAtStop.length} keys in flight at the stop and ${retried.length - inFlightAtStop.length} others refused then run; outage log ${outageLog.length} lines`,
    );
  });
});
