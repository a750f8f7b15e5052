import { expect } from 'chai';
import pg from 'pg';
import { startApiProcess, stopAll, type ApiProcess } from '../support/api-process.ts';
import { databaseKind, testDatabase } from '../support/test-database.ts';
import { SIMULATOR_DELIVERS_ALL } from '../support/test-server.ts';

/**
 * Acceptance (issue 13, Idempotency-Key): an API process is SIGKILLed in the middle of a flood of
 * sends, each with its own Idempotency-Key, and every send is retried with its key on a new process.
 * The kill comes the moment a group commit of at least 20 sends commits (a trigger this test puts on
 * `message` notifies it; the test kills on the notification), before the process could answer them
 * all: the case where the charge is in the database and the process dies before answering.
 *
 * What "never charged twice" means here, checked on the `message` and `ledger_entry` rows:
 * - every key ends with a 200, and exactly one message per recipient exists, the one that 200 names;
 * - the account has exactly one debit per message (`msg:<id>`), and the balance is the credit minus
 *   their sum;
 * - a send answered before the kill is replayed as it was (`Idempotent-Replayed: true`, same body);
 * - a send committed but not answered is replayed too (its answer was kept with its charge);
 * - a send not committed runs once, after its claim's lease (2 s here) ran out: 409 until then.
 *
 * The same flood of Verify starts (docs/verify.md, "Idempotency-Key"): a start's verification and
 * its kept answer commit with its SMS's charge, so a start whose SMS committed is replayed with its
 * `ver_` id and is never charged again, however the kill fell.
 */

const OPERATOR_KEY = 'idempotency-kill-operator-key-0123456789';
const SENDS = 400;
/** The kill comes when a commit of at least this many sends is heard. */
const KILL_AT_BATCH = 20;
const CHANNEL = 'idempotency_kill_test';
const LEASE_SECONDS = 2;
/** The simulated carrier takes every code's SMS: no refund muddles the sums. */

const phone = (i: number) => `+2547${String(40_000_000 + i).slice(-8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  readonly status: number;
  readonly replayed: boolean;
  readonly body: any;
}

async function call(api: ApiProcess, path: string, key: string, body: unknown, idempotencyKey?: string): Promise<Answer> {
  const response = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true', body: await response.json() };
}

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const database = await testDatabase();
  return database.withContext(() => database.em.execute(text, params)) as Promise<T[]>;
}

describe(`Idempotency-Key across a killed API process on ${databaseKind()}`, function () {
  this.timeout(180_000);
  const processes: ApiProcess[] = [];

  const listeners: pg.Client[] = [];
  const accountIds: string[] = [];

  after(async () => {
    await stopAll(processes);
    // Only API processes ran here: the sends' submissions and the codes' guards are still queued. Later suites' workers must not get them.
    for (const accountId of accountIds) {
      await sql(`delete from pgboss.job where data->>'messageId' in (select id from message where account_id = ?)`, [accountId]);
    }
    for (const client of listeners) {
      await client.query(`drop trigger if exists ${CHANNEL} on message; drop function if exists ${CHANNEL}()`);
      await client.end();
    }
  });

  /** Tells `onCommit` the size of every insert of messages once it commits. */
  async function hearCommits(url: string, onCommit: (messages: number) => void): Promise<void> {
    const listener = new pg.Client({ connectionString: url });
    listeners.push(listener);
    await listener.connect();
    await listener.query(`
      create or replace function ${CHANNEL}() returns trigger language plpgsql as $$
      begin perform pg_notify('${CHANNEL}', (select count(*) from inserted)::text); return null; end $$`);
    await listener.query(`drop trigger if exists ${CHANNEL} on message; create trigger ${CHANNEL} after insert on message referencing new table as inserted for each statement execute function ${CHANNEL}()`);
    listener.on('notification', (notification) => onCommit(Number(notification.payload)));
    await listener.query(`listen ${CHANNEL}`);
  }

  interface Fleet {
    readonly key: string;
    readonly accountId: string;
    readonly creditedMicros: bigint;
    readonly env: Record<string, string>;
  }

  /** A live key of a new account with credit, on a first API process whose kill is armed: the moment a commit of many messages is heard. */
  async function armedFleet(): Promise<{ fleet: Fleet; first: ApiProcess; killed: () => boolean }> {
    const env = { DATABASE_URL: process.env.DATABASE_URL!, ADMIN_API_KEY: OPERATOR_KEY, IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS), RATE_LIMIT_ENABLED: 'false', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL };
    await testDatabase(); // migrated before the processes start
    const first = await startApiProcess('A', env);
    processes.push(first);
    const account = answered(await call(first, '/api/admin/accounts', OPERATOR_KEY, { email: `kill-${Date.now()}@example.com` }), 201);
    accountIds.push(account.id);
    const key = answered(await call(first, `/api/admin/accounts/${account.id}/keys`, OPERATOR_KEY, { environment: 'live' }), 201).key as string;
    answered(await call(first, `/api/admin/balances/${account.id}/credit`, OPERATOR_KEY, { amount: 1000, reason: 'kill test', reference: 'kill-credit' }));
    answered(await call(first, '/api/admin/fx-rates', OPERATOR_KEY, { from: 'USD', to: 'KES', rate: '129.5' }), 201);
    let killed = false;
    await hearCommits(env.DATABASE_URL, (messages) => {
      if (killed || messages < KILL_AT_BATCH) return;
      killed = first.child.kill('SIGKILL');
    });
    return { fleet: { key, accountId: account.id, creditedMicros: await balanceMicros(account.id), env }, first, killed: () => killed };
  }

  const answered = (answer: Answer, status = 200) => {
    expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
    return answer.body;
  };

  async function balanceMicros(accountId: string): Promise<bigint> {
    const [{ micros }] = (await sql<{ micros: string }>(`select (balance * 1000000)::bigint::text as micros from wallet where account_id = ?`, [accountId])) as [{ micros: string }];
    return BigInt(micros);
  }

  /**
   * The flood (every request with its own key and recipient) on the first process until the kill,
   * then every request retried with its key on a new process until it is no longer in progress:
   * the answers before (undefined where the kill took it) and after, and the recipients whose
   * message had committed at the kill.
   */
  async function floodThroughKill(armed: Awaited<ReturnType<typeof armedFleet>>, path: string, bodyOf: (i: number) => { to: string }) {
    const { fleet, first } = armed;
    const before: (Answer | undefined)[] = new Array(SENDS);
    await Promise.all(
      Array.from({ length: SENDS }, (_, i) =>
        call(first, path, fleet.key, bodyOf(i), `kill-${i}`).then(
          (answer) => void (before[i] = answer),
          () => undefined,
        ),
      ),
    );
    expect(armed.killed(), `no commit of ${KILL_AT_BATCH} messages was heard`).to.equal(true);
    await first.exited;
    const committedAtKill = new Set((await sql<{ phone: string }>(`select phone from message where account_id = ?`, [fleet.accountId])).map((row) => row.phone));
    const second = await startApiProcess('B', fleet.env);
    processes.push(second);
    const after: Answer[] = [];
    await Promise.all(
      Array.from({ length: SENDS }, async (_, i) => {
        for (const started = Date.now(); ; await sleep(250)) {
          const answer = await call(second, path, fleet.key, bodyOf(i), `kill-${i}`);
          if (answer.status !== 409 || Date.now() - started > 15_000) return void (after[i] = answer);
          expect(answer.body.error.code).to.equal('idempotency_key_in_progress');
        }
      }),
    );
    return { before, after, committedAtKill };
  }

  /** One message per recipient, one debit per message, and the balance adds up: the messages by recipient. */
  async function expectChargedOnce(fleet: Fleet): Promise<Map<string, { id: string }>> {
    const messages = await sql<{ id: string; phone: string; cost_micros: string }>(
      `select id, phone, (cost * 1000000)::bigint::text as cost_micros from message where account_id = ? order by phone`,
      [fleet.accountId],
    );
    expect(messages.map((m) => m.phone), 'one message per recipient').to.deep.equal(Array.from({ length: SENDS }, (_, i) => phone(i)).sort());
    const debits = await sql<{ reference: string; micros: string }>(
      `select reference, (amount * 1000000)::bigint::text as micros from ledger_entry where account_id = ? and kind = 'debit' order by reference`,
      [fleet.accountId],
    );
    expect(debits.map((d) => d.reference)).to.deep.equal(messages.map((m) => `msg:${m.id}`).sort());
    const costOf = new Map(messages.map((m) => [`msg:${m.id}`, BigInt(m.cost_micros)]));
    for (const debit of debits) expect(BigInt(debit.micros), debit.reference).to.equal(-costOf.get(debit.reference)!);
    const spent = messages.reduce((sum, m) => sum + BigInt(m.cost_micros), 0n);
    expect(await balanceMicros(fleet.accountId), 'balance == credit - the sum of the messages').to.equal(fleet.creditedMicros - spent);
    return new Map(messages.map((m) => [m.phone, m]));
  }

  /** Answered before the kill, or committed but unanswered: replayed; not committed: ran on the new process. Both of the last two happened. */
  function expectReplayedWhereCommitted({ before, after, committedAtKill }: Awaited<ReturnType<typeof floodThroughKill>>, status: number): void {
    const answeredBefore = before.flatMap((answer, i) => (answer ? [i] : []));
    for (const i of answeredBefore) {
      expect(before[i]!.status, `kill-${i} before the kill`).to.equal(status);
      expect(after[i], `kill-${i} replayed`).to.deep.equal({ status, replayed: true, body: before[i]!.body });
    }
    const committedUnanswered = Array.from({ length: SENDS }, (_, i) => i).filter((i) => !before[i] && committedAtKill.has(phone(i)));
    for (const i of committedUnanswered) expect(after[i]!.replayed, `kill-${i} was committed before the kill: its kept answer is replayed`).to.equal(true);
    const neverCommitted = Array.from({ length: SENDS }, (_, i) => i).filter((i) => !committedAtKill.has(phone(i)));
    for (const i of neverCommitted) expect(after[i]!.replayed, `kill-${i} was not committed: it ran on B`).to.equal(false);
    expect(committedUnanswered.length, 'requests committed whose answer the kill took').to.be.greaterThan(0);
    expect(neverCommitted.length, 'requests the kill stopped before their commit').to.be.greaterThan(0);
    console.log(
      `      ${answeredBefore.length} answered before the kill (replayed), ${committedUnanswered.length} committed but unanswered (replayed), ` +
        `${neverCommitted.length} not committed (ran on the new process)`,
    );
  }

  function needsPostgres(test: Mocha.Context): void {
    if (databaseKind() === 'postgresql') return;
    test.test!.title += ' [skipped: needs PostgreSQL (DATABASE_URL); on embedded PGlite only one process can open the database]';
    test.skip();
  }

  it('charges every send once and answers every retry with its send, whether the process died before the commit, after it, or after answering', async function () {
    needsPostgres(this);
    const armed = await armedFleet();
    const flood = await floodThroughKill(armed, '/api/messages/send', (i) => ({ to: phone(i), text: `Your code is ${100000 + i}` }));
    const messageTo = await expectChargedOnce(armed.fleet);
    flood.after.forEach((answer, i) => {
      expect(answer.status, `kill-${i}: ${JSON.stringify(answer.body)}`).to.equal(200);
      expect(answer.body.id, `kill-${i}`).to.equal(messageTo.get(phone(i))!.id);
    });
    expectReplayedWhereCommitted(flood, 200);
  });

  it('charges every Verify start once and answers every retry with its verification: the verification and the answer commit with the SMS', async function () {
    needsPostgres(this);
    const armed = await armedFleet();
    const flood = await floodThroughKill(armed, '/v1/verify/start', (i) => ({ to: phone(i) }));
    const messageTo = await expectChargedOnce(armed.fleet);
    const verifications = await sql<{ id: string; phone: string; message_ids: string[] }>(`select id, phone, message_ids from verification where account_id = ? order by phone`, [armed.fleet.accountId]);
    expect(verifications.map((v) => v.phone), 'one verification per number').to.deep.equal([...messageTo.keys()]);
    for (const v of verifications) expect(v.message_ids, v.phone).to.deep.equal([messageTo.get(v.phone)!.id]);
    const verificationTo = new Map(verifications.map((v) => [v.phone, v.id]));
    flood.after.forEach((answer, i) => {
      expect(answer.status, `kill-${i}: ${JSON.stringify(answer.body)}`).to.equal(201);
      expect(answer.body.id, `kill-${i}`).to.equal(verificationTo.get(phone(i)));
    });
    expectReplayedWhereCommitted(flood, 201);
  });
});
