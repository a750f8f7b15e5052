import { expect } from 'chai';
import { DISPATCH_BATCH_JOB, SUBMIT_MESSAGE_JOB } from '@tuma/messaging';
import { databaseKind, testDatabase } from '../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestResponse, type TestServer } from '../support/test-server.ts';
import { JOB_TAKEOVER_ENV, startWorkerProcess, waitForStart, type WorkerProcess } from '../support/worker-process.ts';

/**
 * Acceptance: a worker process is SIGKILLed in the middle of a 10,000-recipient bulk send and a new
 * one is started on the same PostgreSQL database. The API runs in this process (TUMA_ROLE=api); the
 * workers are real `apps/server/src/main.ts` processes (TUMA_ROLE=worker) with the in-process carrier
 * simulator.
 *
 * What "the batch survived" means here, checked on the `message` and `ledger_entry` rows:
 *
 * Members
 * - the batch has exactly its 10,000 members (batch_seq 0..9999, each recipient once): none lost,
 *   none duplicated; each row has one status, and after the restarted worker drained the batch none
 *   is `queued` or `sent`: every member is `delivered`, `failed` or `submitted`.
 * - `submitted` is a legitimate end state only for a member the killed worker got accepted (its
 *   `submitted_at` is before the kill): the simulator that would have sent its receipt died with
 *   that worker, as a real carrier connection would (a real carrier sends the receipt again; see
 *   docs/message-statuses.md for the expiry sweep). Every member the new worker submitted has its
 *   final status.
 * - `submitted` and `delivered` members carry carrier ids: they were handed to the carrier.
 *   `failed` members either carry carrier ids (failed at delivery), or a failure receipt but no ids
 *   (failed at delivery, the receipt beat the acceptance and the killed worker never recorded the
 *   ids: only the killed worker can leave one), or neither (never taken by the carrier: refused at
 *   submission).
 * - members not written as messages yet at the kill (the dispatch jobs write their chunk first) were
 *   written and sent by the new worker.
 * - members the killed worker left `sent` were either accepted with the carrier ids of the receipts
 *   that already came for them (the carrier has them: not sent twice, retry_count unchanged), or,
 *   without receipts (the carrier may or may not have them), sent again by the new worker
 *   (retry_count >= 1, a new attempt after the kill); members it left `queued` were sent by the new
 *   worker; members it had settled were not touched again.
 *
 * Money
 * - the ledger has exactly one debit for the batch (reference `batch:<id>`) of the batch's cost,
 *   which is the sum of its members' costs; no other debit.
 * - refunds: at most one per message (reference `refund:<message id>`, refunding the batch's
 *   charge), exactly for the members never taken by the carrier (failed, no carrier id, no failure
 *   receipt), each of its member's cost.
 * - wallet balance == balance before - batch charge + sum of refunds.
 *
 * A killed worker's attempts come back when their heartbeat goes stale (JOB_HEARTBEAT_SECONDS,
 * 30 s by default, 10 here) and a supervision pass notices (JOB_SUPERVISE_SECONDS, 30 s by
 * default, 1 here), long before their expiry (DISPATCH_BATCH_JOB: 300 s).
 */

const RECIPIENTS = 10_000;
const KILL_AFTER_SETTLED = 2_000;
const KILL_WITH_SENT_AT_LEAST = 1_000;
/** Every process of the test (API and workers) sets up the queues the same way. */

/** The carrier the workers submit to (on top of the worker settings). */
const WORKER_ENV = {
  SIMULATOR_LATENCY_MS: '5-50',
  SIMULATOR_OUTCOMES: 'delivered=0.9,failed=0.05,expired=0.02,refused=0.03',
  CARRIER_GATEWAY: 'simulator',
  ROUTE_THROUGHPUT_PER_SECOND: '300',
  ROUTE_THROUGHPUT: '',
};

interface Member {
  id: string;
  batch_seq: number;
  phone: string;
  status: string;
  retry_count: number;
  error_code: string | null;
  carrier: string | null;
  carrier_message_ids: string[];
  part_outcomes: { carrierMessageId: string; outcome: 'delivered' | 'failed'; errorCode: string | null }[];
  cost_micros: string;
  sent_ms: number | null;
  submitted_ms: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sql<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
  const database = await testDatabase();
  return database.withContext(() => database.em.execute(text, params)) as Promise<T[]>;
}

async function statusCounts(batchId: string): Promise<Record<string, number>> {
  const rows = await sql<{ status: string; n: number }>(`select status, count(*)::int as n from message where batch_id = ? group by status`, [batchId]);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

async function members(batchId: string): Promise<Member[]> {
  return sql<Member>(
    `select id, batch_seq, phone, status, retry_count, error_code, carrier, carrier_message_ids, part_outcomes,
            (cost * 1000000)::bigint::text as cost_micros,
            (extract(epoch from sent_at) * 1000)::float8 as sent_ms,
            (extract(epoch from submitted_at) * 1000)::float8 as submitted_ms
       from message where batch_id = ? order by batch_seq`,
    [batchId],
  );
}

const settled = (counts: Record<string, number>) => (counts.submitted ?? 0) + (counts.delivered ?? 0) + (counts.failed ?? 0) + (counts.rejected ?? 0);
const failureReceipt = (m: Member) => m.part_outcomes.find((p) => p.outcome === 'failed');
/** Failed without the carrier ever taking it: the members a refund is owed for. */
const neverTaken = (m: Member) => m.status === 'failed' && m.carrier_message_ids.length === 0 && !failureReceipt(m);

describe(`bulk send with its worker killed mid-way and restarted on ${databaseKind()}`, function () {
  this.timeout(240_000);
  let api: TestServer | undefined;
  const workers: WorkerProcess[] = [];

  after(async () => {
    for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await api?.stop();
  });

  it('ends every member in exactly one status, charges the batch once, refunds once per message never taken, loses no member', async function () {
    if (databaseKind() !== 'postgresql') {
      this.test!.title += ' [skipped: needs PostgreSQL (DATABASE_URL); on embedded PGlite only one process can open the database]';
      this.skip();
    }
    const databaseUrl = process.env.DATABASE_URL!;
    const started = Date.now();
    const log = (step: string) => console.log(`      ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${step}`);

    // 1. The API in this process; no workers here.
    api = await startTestServer({ TUMA_ROLE: 'api', BODY_LIMIT_BYTES: '16777216', ...JOB_TAKEOVER_ENV });
    const server = api;
    const ok = (res: TestResponse, status = 200) => {
      expect(res.status, JSON.stringify(res.body)).to.equal(status);
      return res.body;
    };
    const key = server.started.demo!.liveKey;
    const accountId = server.started.demo!.accountId;
    ok(await server.request('POST', `/api/admin/balances/${accountId}/credit`, { key: ADMIN_KEY, body: { amount: 500, reason: 'bulk kill test', reference: 'bulk-kill-credit' } }));
    const [walletBefore] = await sql<{ micros: string }>(`select (balance * 1000000)::bigint::text as micros from wallet where account_id = ?`, [accountId]);
    const [{ seq: seqBefore }] = (await sql<{ seq: string }>(`select coalesce(max(seq), 0)::text as seq from ledger_entry where account_id = ?`, [accountId])) as [{ seq: string }];

    // 2. The first worker.
    const first = startWorkerProcess({ ...WORKER_ENV, DATABASE_URL: databaseUrl });
    workers.push(first);
    await waitForStart(first, 'the first worker');
    log('first worker started');

    // 3. 10,000 distinct Kenyan recipients in one request.
    const phones = Array.from({ length: RECIPIENTS }, (_, i) => `+2547110${String(i).padStart(5, '0')}`);
    const accepted = ok(await server.request('POST', '/api/messages/send-bulk', { key, body: { recipients: phones.map((to) => ({ to })), text: 'Habari! Your parcel is on its way.' } }));
    expect(accepted).to.include({ total_recipients: RECIPIENTS, status: 'sending' });
    const batchId: string = accepted.batch_id;
    log(`bulk accepted: ${batchId}`);

    // 4. Kill the first worker mid-way: some members settled, some handed to the gateway (`sent`), the rest queued.
    const killDeadline = Date.now() + 90_000;
    let seen = await statusCounts(batchId);
    while (!(settled(seen) >= KILL_AFTER_SETTLED && (seen.sent ?? 0) >= KILL_WITH_SENT_AT_LEAST)) {
      if (Date.now() > killDeadline || first.child.exitCode !== null) throw new Error(`never reached the kill point: ${JSON.stringify(seen)}\n${first.output().slice(-4000)}`);
      await sleep(50);
      seen = await statusCounts(batchId);
    }
    first.child.kill('SIGKILL');
    expect(await first.exited).to.deep.equal({ code: null, signal: 'SIGKILL' });
    const killedAt = Date.now();
    const atKill = await members(batchId);
    const countsAtKill = await statusCounts(batchId);
    log(`first worker killed at ${JSON.stringify(countsAtKill)}`);
    // Members are written as messages by the dispatch jobs, chunk by chunk: some may not be yet.
    expect(atKill.length).to.be.at.most(RECIPIENTS);
    expect((countsAtKill.queued ?? 0) + RECIPIENTS - atKill.length, 'members still queued (or not written yet) at the kill').to.be.greaterThan(0);
    expect(countsAtKill.sent ?? 0, 'members handed to the gateway with no answer recorded at the kill').to.be.greaterThan(0);
    expect(settled(countsAtKill), 'members settled at the kill').to.be.within(KILL_AFTER_SETTLED, RECIPIENTS - 1);
    const deadJobs = await sql<{ n: number }>(`select count(*)::int as n from pgboss.job where name = ? and state = 'active' and data->>'batchId' = ?`, [DISPATCH_BATCH_JOB.name, batchId]);
    expect(deadJobs[0]!.n, 'dispatch attempts of the killed worker still marked active').to.be.greaterThan(0);

    // 5. A new worker; the killed attempts come back when their heartbeat is found stale.
    const second = startWorkerProcess({ ...WORKER_ENV, DATABASE_URL: databaseUrl });
    workers.push(second);
    await waitForStart(second, 'the second worker');
    log('second worker started');

    // 6. Drain: no member queued or sent, every member the new worker submitted has its receipt,
    // and no dispatch job of the batch left. Retries of refused members wait 30 s, 2 min, 10 min:
    // they are moved to now ("time travel", as in test/http/sms/messages.test.ts).
    const drainDeadline = Date.now() + 120_000;
    let counts = await statusCounts(batchId);
    for (;;) {
      await sql(
        `update pgboss.job set start_after = now()
          where name = ? and state in ('created', 'retry') and start_after > now()
            and data->>'messageId' in (select id from message where batch_id = ?)`,
        [SUBMIT_MESSAGE_JOB.name, batchId],
      );
      // The counts and what is still pending in one statement: read apart, a receipt landing between
      // them made a drained batch's counts miss the one delivery they waited for.
      const [pending] = await sql<{ counts: Record<string, number>; late: number; jobs: number }>(
        `select (select jsonb_object_agg(status, n) from (select status, count(*)::int as n from message where batch_id = ? group by status) s) as counts,
                (select count(*)::int from message where batch_id = ? and status = 'submitted' and submitted_at > to_timestamp(? / 1000.0)) as late,
                (select count(*)::int from pgboss.job where name = ? and data->>'batchId' = ? and state <> 'completed') as jobs`,
        [batchId, batchId, killedAt, DISPATCH_BATCH_JOB.name, batchId],
      );
      counts = pending!.counts;
      if (!counts.queued && !counts.sent && pending!.late === 0 && pending!.jobs === 0) break;
      if (Date.now() > drainDeadline || second.child.exitCode !== null) {
        throw new Error(`the batch did not drain: ${JSON.stringify({ counts, ...pending })}\n${second.output().slice(-4000)}`);
      }
      await sleep(250);
    }
    log(`drained: ${JSON.stringify(counts)}`);

    // Members.
    const final = await members(batchId);
    expect(final, 'members of the batch').to.have.length(RECIPIENTS);
    expect(final.map((m) => m.batch_seq)).to.deep.equal(Array.from({ length: RECIPIENTS }, (_, i) => i));
    expect(new Set(final.map((m) => m.phone)).size, 'distinct recipients').to.equal(RECIPIENTS);
    expect(new Set(final.map((m) => m.phone))).to.deep.equal(new Set(phones));
    const byStatus = (status: string) => final.filter((m) => m.status === status);
    expect(Object.keys(counts).sort(), 'statuses left').to.satisfy((s: string[]) => s.every((x) => ['submitted', 'delivered', 'failed'].includes(x)));
    expect(byStatus('delivered').length, 'delivered members').to.be.greaterThan(RECIPIENTS * 0.8);
    for (const m of [...byStatus('submitted'), ...byStatus('delivered')]) {
      expect(m.carrier_message_ids, `${m.id} (${m.status}) has carrier ids`).to.have.length.greaterThan(0);
      expect(m.carrier, m.id).to.equal('simulator');
    }
    for (const m of byStatus('submitted')) expect(m.submitted_ms!, `${m.id} waits for a receipt the killed worker's simulator took with it`).to.be.lessThan(killedAt);
    const receiptBeatAcceptance = byStatus('failed').filter((m) => m.carrier_message_ids.length === 0 && failureReceipt(m));
    for (const m of receiptBeatAcceptance) {
      expect(m.error_code, m.id).to.equal(failureReceipt(m)!.errorCode);
      expect(m.sent_ms!, `${m.id}: only the killed worker can leave a failure receipt without carrier ids`).to.be.lessThan(killedAt);
    }
    for (const m of byStatus('failed')) expect(m.error_code, m.id).to.be.a('string');

    const before = new Map(atKill.map((m) => [m.id, m]));
    for (const m of final) {
      const was = before.get(m.id);
      if (!was) {
        expect(m.sent_ms!, `${m.id} was not written yet at the kill: written and sent by the new worker`).to.be.greaterThan(killedAt);
      } else if (was.status === 'sent' && was.part_outcomes.length > 0) {
        expect(m.carrier_message_ids, `${m.id} had receipts when the worker died: accepted with their ids`).to.deep.equal(was.part_outcomes.map((p) => p.carrierMessageId));
        expect({ retries: m.retry_count, sent: m.sent_ms }, `${m.id} was not sent again`).to.deep.equal({ retries: was.retry_count, sent: was.sent_ms });
      } else if (was.status === 'sent') {
        expect(m.retry_count, `${m.id} was sent when the worker died: sent again`).to.be.at.least(1);
        expect(m.sent_ms!, `${m.id} was sent again after the kill`).to.be.greaterThan(killedAt);
      } else if (was.status === 'queued' && was.retry_count === 0) {
        expect(m.sent_ms!, `${m.id} was queued at the kill: sent by the new worker`).to.be.greaterThan(killedAt);
      } else if (['submitted', 'delivered', 'failed'].includes(was.status)) {
        expect({ status: m.status, sent: m.sent_ms }, `${m.id} was settled at the kill`).to.deep.equal({ status: was.status, sent: was.sent_ms });
      }
    }

    // Money.
    const [batch] = await sql<{ cost: string; charge: string | null }>(`select (cost * 1000000)::bigint::text as cost, charge_entry_id as charge from message_batch where id = ?`, [batchId]);
    const batchCost = BigInt(batch!.cost);
    expect(final.reduce((sum, m) => sum + BigInt(m.cost_micros), 0n), 'the members cost what the batch was charged').to.equal(batchCost);
    const entries = await sql<{ id: string; kind: string; reference: string; amount: string; refund_of: string | null }>(
      `select id, kind, reference, (amount * 1000000)::bigint::text as amount, refund_of from ledger_entry where account_id = ? and seq > ? order by seq`,
      [accountId, seqBefore],
    );
    const debits = entries.filter((e) => e.kind !== 'refund');
    expect(debits.map((e) => ({ kind: e.kind, reference: e.reference, amount: e.amount })), 'the one charge of the batch').to.deep.equal([
      { kind: 'debit', reference: `batch:${batchId}`, amount: (-batchCost).toString() },
    ]);
    expect(batch!.charge).to.equal(debits[0]!.id);
    const refunds = entries.filter((e) => e.kind === 'refund');
    const refundedIds = refunds.map((e) => e.reference.replace(/^refund:/, ''));
    expect(new Set(refundedIds).size, 'at most one refund per message').to.equal(refunds.length);
    for (const refund of refunds) {
      expect(refund.reference).to.match(/^refund:msg_/);
      expect(refund.refund_of, refund.reference).to.equal(batch!.charge);
    }
    const owed = final.filter(neverTaken);
    expect(owed.length, 'members refused at submission (SIMULATOR_OUTCOMES refused=0.03)').to.be.greaterThan(0);
    expect([...refundedIds].sort(), 'refunded exactly the members the carrier never took').to.deep.equal(owed.map((m) => m.id).sort());
    const cost = new Map(final.map((m) => [m.id, BigInt(m.cost_micros)]));
    for (const refund of refunds) expect(BigInt(refund.amount), refund.reference).to.equal(cost.get(refund.reference.slice('refund:'.length)));
    const refunded = refunds.reduce((sum, e) => sum + BigInt(e.amount), 0n);
    const [walletAfter] = await sql<{ micros: string }>(`select (balance * 1000000)::bigint::text as micros from wallet where account_id = ?`, [accountId]);
    expect(BigInt(walletAfter!.micros), 'balance == before - charge + refunds').to.equal(BigInt(walletBefore!.micros) - batchCost + refunded);

    // The batch as the API shows it.
    const view = ok(await server.request('GET', `/api/messages/batch/${batchId}`, { key }));
    expect(view.counts).to.deep.equal(counts);

    const resent = final.filter((m) => m.retry_count > 0).length;
    const acceptedFromReceipts = atKill.filter((m) => m.status === 'sent' && m.part_outcomes.length > 0).length;
    log(
      `checked: ${JSON.stringify(counts)}; of ${countsAtKill.sent} sent at the kill, ${acceptedFromReceipts} were accepted from their receipts and the rest sent again; ` +
        `${resent} members with retries, ${byStatus('submitted').length} receipts lost with the killed worker, ` +
        `${receiptBeatAcceptance.length} failure receipts that beat the acceptance, ${refunds.length} refunds`,
    );

    // Stop the new worker cleanly.
    second.child.kill('SIGTERM');
    const stopped = await second.exited;
    expect(stopped, second.output().slice(-4000)).to.deep.equal({ code: 0, signal: null });
    const errors = second.output().split('\n').filter((line) => line.includes('"level":"error"'));
    expect(errors, 'errors logged by the new worker').to.deep.equal([]);
    log('second worker stopped');
  });
});
