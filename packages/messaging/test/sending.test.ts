import { expect } from 'chai';
import { OutboundMessage } from '../src/index.ts';
import { InMemoryBatchAudience } from '../src/testing/index.ts';
import { ACCOUNT, LIVE, refusal, sendingWorld, TEST } from './support/sending-world.ts';

const KE = '+254712345678';

/** The carrier's receipt that part `carrierMessageId` was delivered, received at `at`. */
const deliveredReceipt = (carrierMessageId: string, at: Date) => ({
  carrier: 'carrier',
  carrierMessageId,
  messageId: null,
  partIndex: null,
  state: 'delivered' as const,
  errorCode: null,
  carrierErrorCode: null,
  submittedAt: null,
  doneAt: null,
  receivedAt: at,
});

describe('sending (in-memory world)', () => {
  it('charges a live send once, dispatches it at once and records the carrier ids', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'Habari', scheduleMode: 'now' }))._unsafeUnwrap();
    expect(sent.message.delivery.status).to.equal('queued');
    expect(await w.balance()).to.equal(sent.balanceAfter!.toDecimalString());
    expect(await w.jobs.runDue()).to.equal(1);
    const stored = await w.message(sent.message.id);
    expect(stored.delivery).to.include({ status: 'submitted', retryCount: 0 });
    expect(stored.carrier).to.equal('carrier');
    expect(w.live.submissions.map((s) => s.to)).to.deep.equal([KE]);
    expect(w.sandbox.submissions).to.have.length(0);
  });

  it('sends test-key messages to the sandbox without a charge', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const sent = (await w.send.execute({ sender: TEST, to: KE, text: 'Sandbox', scheduleMode: 'now' }))._unsafeUnwrap();
    expect(sent.message.chargeEntryId).to.equal(null);
    expect(await w.balance()).to.equal('1.000000');
    await w.jobs.runDue();
    expect(w.sandbox.submissions).to.have.length(1);
    expect(w.live.submissions).to.have.length(0);
  });

  it('fires a scheduled send at its time, not before (fake clock)', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const at = new Date(w.clock.now().getTime() + 10 * 60_000);
    const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'Later', scheduleMode: 'scheduled', scheduledAt: at }))._unsafeUnwrap();
    expect(await w.jobs.runDue()).to.equal(0);
    w.clock.advance(10 * 60_000 - 1);
    expect(await w.jobs.runDue()).to.equal(0);
    expect((await w.message(sent.message.id)).delivery.status).to.equal('queued');
    w.clock.advance(1);
    expect(await w.jobs.runDue()).to.equal(1);
    expect((await w.message(sent.message.id)).delivery.status).to.equal('submitted');
  });

  it('retries a retryable refusal after the policy delay, then fails and refunds when retries are used up', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const throttled = refusal('throttled', true);
    w.live.script(KE, throttled, throttled, throttled, throttled);
    const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'Retry me', scheduleMode: 'now' }))._unsafeUnwrap();
    await w.jobs.runDue();
    let stored = await w.message(sent.message.id);
    expect(stored.delivery).to.include({ status: 'queued', retryCount: 1, errorCode: 'throttled' });
    const retry = w.jobs.jobs()[0]!;
    expect(retry.payload).to.deep.equal({ messageId: sent.message.id, attempt: 1 });
    expect(retry.startAfter.getTime() - w.clock.now().getTime()).to.equal(30_000);
    for (const wait of [30_000, 120_000, 600_000]) {
      w.clock.advance(wait);
      expect(await w.jobs.runDue()).to.equal(1);
    }
    stored = await w.message(sent.message.id);
    expect(stored.delivery).to.include({ status: 'failed', retryCount: 3, errorCode: 'throttled' });
    expect(w.live.submissions).to.have.length(4);
    expect(await w.balance()).to.equal('1.000000');
    expect(w.jobs.jobs()).to.have.length(0);
  });

  it('takes a gateway that throws as a lost answer: a retryable network_timeout, retried after the policy delay, failed and refunded when retries are used up', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const hangUp = new Error('socket hang up');
    w.live.script(KE, hangUp, hangUp);
    const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'Thrown', scheduleMode: 'now' }))._unsafeUnwrap();
    expect(await w.jobs.runDue(), 'the job itself succeeds').to.equal(1);
    expect((await w.message(sent.message.id)).delivery).to.include({ status: 'queued', retryCount: 1, errorCode: 'network_timeout' });
    const retry = w.jobs.jobs()[0]!;
    expect(retry.payload).to.deep.equal({ messageId: sent.message.id, attempt: 1 });
    expect(retry.startAfter.getTime() - w.clock.now().getTime()).to.equal(30_000);
    w.clock.advance(30_000);
    await w.jobs.runDue();
    expect((await w.message(sent.message.id)).delivery).to.include({ status: 'queued', retryCount: 2, errorCode: 'network_timeout' });
    w.clock.advance(120_000);
    await w.jobs.runDue();
    expect((await w.message(sent.message.id)).delivery).to.include({ status: 'submitted', retryCount: 2 });
    expect(w.live.submissions.map((s) => s.to)).to.deep.equal([KE, KE, KE]);

    const balance = await w.balance();
    const NG = '+2348031234567';
    w.live.script(NG, hangUp, hangUp, hangUp, hangUp);
    const always = (await w.send.execute({ sender: LIVE, to: NG, text: 'Thrown every time', scheduleMode: 'now' }))._unsafeUnwrap();
    await w.jobs.runDue();
    for (const wait of [30_000, 120_000, 600_000]) {
      w.clock.advance(wait);
      expect(await w.jobs.runDue()).to.equal(1);
    }
    expect((await w.message(always.message.id)).delivery).to.include({ status: 'failed', retryCount: 3, errorCode: 'network_timeout' });
    expect(w.live.submissions.filter((s) => s.to === NG)).to.have.length(4);
    expect(await w.balance(), 'refunded').to.equal(balance);
    expect(w.jobs.jobs()).to.have.length(0);
  });

  it('fails and refunds a final refusal at once', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    w.live.script(KE, refusal('invalid_destination', false));
    const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'Nope', scheduleMode: 'now' }))._unsafeUnwrap();
    await w.jobs.runDue();
    expect((await w.message(sent.message.id)).delivery).to.include({ status: 'failed', errorCode: 'invalid_destination', retryCount: 0 });
    expect(await w.balance()).to.equal('1.000000');
  });

  it('resends at once a message left `sent` by a dead attempt, counting a retry, and never runs a stale attempt twice', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'Crash', scheduleMode: 'now' }))._unsafeUnwrap();
    // The attempt died between step 1 (dispatched) and step 3: the message is `sent`.
    const dead = OutboundMessage.rehydrate({ ...sent.message, carrier: 'carrier', delivery: { ...sent.message.delivery, status: 'sent', sentAt: w.clock.now() } });
    await w.messages.saveDelivery([dead]);
    await w.jobs.runDue();
    const stored = await w.message(sent.message.id);
    expect(stored.delivery).to.include({ status: 'submitted', retryCount: 1 });
    expect(w.live.submissions).to.have.length(1);
    // The same job again (at-least-once): the message moved on, nothing is sent again.
    expect(await w.dispatch.submitMessage(sent.message.id, 0)).to.deep.include({ submitted: 0 });
    expect(w.live.submissions).to.have.length(1);
  });

  it('dispatches single messages submitted at the same time together (one claim, one record), each with its own report', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const numbers = ['+254712000001', '+254712000002', '+254712000003'];
    const sent = await Promise.all(numbers.map(async (to) => (await w.send.execute({ sender: LIVE, to, text: 'Together', scheduleMode: 'now' }))._unsafeUnwrap()));
    w.live.script(numbers[2]!, refusal('invalid_destination', false));
    const locks: string[][] = [];
    const lockByIds = w.messages.lockByIds.bind(w.messages);
    w.messages.lockByIds = (ids) => (locks.push([...ids]), lockByIds(ids));
    const reports = await Promise.all([
      ...sent.map(({ message }) => w.dispatch.submitMessage(message.id, 0)),
      w.dispatch.submitMessage(sent[0]!.message.id, 0),
      w.dispatch.submitMessage(sent[1]!.message.id, 5),
    ]);
    // The five calls of one event-loop turn share a claim and a record.
    expect(locks).to.have.length(2);
    expect(locks[0]!.toSorted()).to.deep.equal([sent[1]!.message.id, sent[2]!.message.id, sent[0]!.message.id].toSorted());
    expect(reports).to.deep.equal([
      { submitted: 1, accepted: 1, retried: 0, failed: 0 },
      { submitted: 1, accepted: 1, retried: 0, failed: 0 },
      { submitted: 1, accepted: 0, retried: 0, failed: 1 },
      { submitted: 0, accepted: 0, retried: 0, failed: 0 },
      { submitted: 0, accepted: 0, retried: 0, failed: 0 },
    ]);
    expect(w.live.submissions.map((s) => s.to).toSorted()).to.deep.equal(numbers);
  });

  it('dispatches a message asked for by a stale job and its current retry in one batch at the retry, as that job alone would', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    w.live.script(KE, refusal('throttled', true));
    const retried = (await w.send.execute({ sender: LIVE, to: KE, text: 'Retry me', scheduleMode: 'now' }))._unsafeUnwrap();
    await w.jobs.runDue();
    expect((await w.message(retried.message.id)).delivery).to.include({ status: 'queued', retryCount: 1 });
    const other = (await w.send.execute({ sender: LIVE, to: '+254712000009', text: 'First in', scheduleMode: 'now' }))._unsafeUnwrap();
    // The first call goes alone; the stale job (attempt 0) and the retry (attempt 1) arrive together.
    const [, stale, current] = await Promise.all([
      w.dispatch.submitMessage(other.message.id, 0),
      w.dispatch.submitMessage(retried.message.id, 0),
      w.dispatch.submitMessage(retried.message.id, 1),
    ]);
    expect([stale, current]).to.deep.equal([
      { submitted: 0, accepted: 0, retried: 0, failed: 0 },
      { submitted: 1, accepted: 1, retried: 0, failed: 0 },
    ]);
    expect((await w.message(retried.message.id)).delivery).to.include({ status: 'submitted', retryCount: 1 });
  });

  it('claims again one at a time a batch whose claim fails, so only the faulty message fails its job', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const sent = await Promise.all(['+254712000001', '+254712000002', '+254712000003'].map(async (to) => (await w.send.execute({ sender: LIVE, to, text: 'Poison', scheduleMode: 'now' }))._unsafeUnwrap()));
    const poisoned = sent[1]!.message.id;
    const lockByIds = w.messages.lockByIds.bind(w.messages);
    w.messages.lockByIds = async (ids) => {
      if (ids.includes(poisoned)) throw new Error('unreadable row');
      return lockByIds(ids);
    };
    const settled = await Promise.allSettled([w.dispatch.submitMessage(sent[0]!.message.id, 0), ...sent.map(({ message }) => w.dispatch.submitMessage(message.id, 0))]);
    expect(settled.map((outcome) => outcome.status)).to.deep.equal(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await w.message(sent[2]!.message.id)).delivery.status).to.equal('submitted');
    expect((await w.message(poisoned)).delivery.status).to.equal('queued');
  });

  it("refuses retryably only the message whose route throughput could not be taken, and records the batch's others, sent once", async () => {
    let taken = 0;
    const w = await sendingWorld({
      routeThrottle: {
        acquire: async () => {
          if (++taken === 2) throw new Error('no connection to the database');
        },
      },
    });
    await w.fund('1');
    const sent = await Promise.all(['+254712000001', '+254712000002', '+254712000003'].map(async (to) => (await w.send.execute({ sender: LIVE, to, text: 'Throttled', scheduleMode: 'now' }))._unsafeUnwrap()));
    // The first call goes alone; the other two arrive together and share one batch.
    const reports = await Promise.all(sent.map(({ message }) => w.dispatch.submitMessage(message.id, 0)));
    expect(reports.map((report) => report.accepted + report.retried)).to.deep.equal([1, 1, 1]);
    expect(reports.reduce((retried, report) => retried + report.retried, 0)).to.equal(1);
    const statuses = await Promise.all(sent.map(async ({ message }) => (await w.message(message.id)).delivery));
    expect(statuses.filter((d) => d.status === 'submitted')).to.have.length(2);
    expect(statuses.filter((d) => d.status === 'queued').map((d) => [d.retryCount, d.errorCode])).to.deep.equal([[1, 'carrier_unavailable']]);
    w.clock.advance(60_000);
    await w.jobs.runDue();
    expect(w.live.submissions.map((s) => s.to).toSorted(), 'each number once').to.deep.equal(['+254712000001', '+254712000002', '+254712000003']);
  });

  it("fails a shared first-attempts job when one of its messages fails, and its re-run sends only that one", async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const sent = await Promise.all(['+254712000001', '+254712000002', '+254712000003'].map(async (to) => (await w.send.execute({ sender: LIVE, to, text: 'Shared', scheduleMode: 'now' }))._unsafeUnwrap()));
    const ids = sent.map(({ message }) => message.id);
    const poisoned = ids[1]!;
    const lockByIds = w.messages.lockByIds.bind(w.messages);
    let unreadable = true;
    w.messages.lockByIds = async (asked) => {
      if (unreadable && asked.includes(poisoned)) throw new Error('unreadable row');
      return lockByIds(asked);
    };
    const failed = await w.dispatch.submitFirstAttempts(ids).catch((error: unknown) => error);
    expect(String(failed)).to.match(/unreadable row/);
    expect(w.live.submissions.map((s) => s.to).toSorted()).to.deep.equal(['+254712000001', '+254712000003']);
    unreadable = false;
    expect(await w.dispatch.submitFirstAttempts(ids), 'the re-run').to.deep.equal({ submitted: 1, accepted: 1, retried: 0, failed: 0 });
    expect(w.live.submissions.map((s) => s.to).toSorted(), 'each number once').to.deep.equal(['+254712000001', '+254712000002', '+254712000003']);
  });

  it('accepts, without sending it again, a `sent` message whose receipts came before its dead attempt recorded the acceptance', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'Early receipt', scheduleMode: 'now' }))._unsafeUnwrap();
    const early = { carrierMessageId: 'carrier-early', outcome: 'delivered' as const, errorCode: null, at: w.clock.now() };
    const dead = OutboundMessage.rehydrate({ ...sent.message, carrier: 'carrier', delivery: { ...sent.message.delivery, status: 'sent', sentAt: w.clock.now(), partOutcomes: [early] } });
    await w.messages.saveDelivery([dead]);
    await w.jobs.runDue();
    const stored = await w.message(sent.message.id);
    expect(stored.delivery).to.include({ status: 'delivered', retryCount: 0 });
    expect(stored.delivery.carrierMessageIds).to.deep.equal(['carrier-early']);
    expect(w.live.submissions).to.have.length(0);
  });

  it('never refunds a failed message the carrier sent a receipt for, even without recorded ids', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'x', scheduleMode: 'now' }))._unsafeUnwrap();
    const failure = { carrierMessageId: 'c-9', outcome: 'failed' as const, errorCode: 'absent_subscriber' as const, at: w.clock.now() };
    const failedEarly = OutboundMessage.rehydrate({ ...sent.message, delivery: { ...sent.message.delivery, status: 'failed', errorCode: 'absent_subscriber', partOutcomes: [failure] } });
    expect(failedEarly.isRefundable()).to.equal(false);
    const neverTaken = OutboundMessage.rehydrate({ ...sent.message, delivery: { ...sent.message.delivery, status: 'failed', errorCode: 'invalid_destination' } });
    expect(neverTaken.isRefundable()).to.equal(true);
    expect(OutboundMessage.rehydrate({ ...neverTaken, chargeEntryId: null }).isRefundable()).to.equal(false);
  });

  it('fails with no_route and refunds a message whose route was switched off before it was due', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const at = new Date(w.clock.now().getTime() + 6 * 60_000);
    const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'Later', scheduleMode: 'scheduled', scheduledAt: at }))._unsafeUnwrap();
    (await w.catalogue.updateRoute('SVC_KE', { isActive: false }))._unsafeUnwrap();
    w.clock.advance(6 * 60_000);
    await w.jobs.runDue();
    expect((await w.message(sent.message.id)).delivery).to.include({ status: 'failed', errorCode: 'no_route' });
    expect(await w.balance()).to.equal('1.000000');
    expect(w.live.submissions).to.have.length(0);
  });

  it('applies receipts in any order: the message is delivered once every part is', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'x'.repeat(200), scheduleMode: 'now' }))._unsafeUnwrap();
    await w.jobs.runDue();
    const { carrierMessageIds } = (await w.message(sent.message.id)).delivery;
    expect(carrierMessageIds).to.have.length(2);
    const receipt = (id: string) => deliveredReceipt(id, w.clock.now());
    expect((await w.receipts.execute([receipt(carrierMessageIds[1]!), receipt('unknown-part')]))._unsafeUnwrap()).to.deep.equal(['applied', 'unknown_message']);
    expect((await w.message(sent.message.id)).delivery.status).to.equal('submitted');
    expect((await w.receipts.execute([receipt(carrierMessageIds[0]!), receipt(carrierMessageIds[0]!)]))._unsafeUnwrap()).to.deep.equal(['applied', 'applied']);
    expect((await w.message(sent.message.id)).delivery.status).to.equal('delivered');
  });

  it('applies a receipt again on its row as it is now when something wrote the message between the read and the write', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'x'.repeat(200), scheduleMode: 'now' }))._unsafeUnwrap();
    await w.jobs.runDue();
    const [first, second] = (await w.message(sent.message.id)).delivery.carrierMessageIds;
    const receipt = (id: string) => deliveredReceipt(id, w.clock.now());
    // Another batch's receipt of the first part is written after this batch read the message.
    const conditional = w.messages.saveDeliveryIfUnchanged.bind(w.messages);
    let writes = 0;
    w.messages.saveDeliveryIfUnchanged = async (changes) => {
      if (writes++ === 0) await w.messages.saveDelivery([(await w.message(sent.message.id)).applyReceipt(receipt(first!)).message]);
      return conditional(changes);
    };
    const delivered = () => w.events.events.filter((e) => e.type === 'message.delivered').length;
    expect((await w.receipts.execute([receipt(second!)]))._unsafeUnwrap()).to.deep.equal(['applied']);
    const { delivery } = await w.message(sent.message.id);
    expect(delivery.status, 'both parts delivered: the second receipt applied to the row with the first').to.equal('delivered');
    expect(delivery.partOutcomes.map((part) => part.carrierMessageId).sort()).to.deep.equal([first, second].sort());
    expect(delivered()).to.equal(1);
  });

  it('reports the carrier acceptance and each final status once, refusals and cancellations included', async () => {
    const w = await sendingWorld();
    await w.fund('5');
    const types = () => w.events.events.map((e) => `${e.payload['message_id']}:${e.type}`);
    const ok = (await w.send.execute({ sender: LIVE, to: KE, text: 'ok', scheduleMode: 'now' }))._unsafeUnwrap().message;
    await w.jobs.runDue();
    const ids = (await w.message(ok.id)).delivery.carrierMessageIds;
    const receipt = deliveredReceipt(ids[0]!, w.clock.now());
    await w.receipts.execute([receipt, receipt]);
    w.live.script('+254722000111', refusal('invalid_destination', false));
    const refused = (await w.send.execute({ sender: LIVE, to: '+254722000111', text: 'no', scheduleMode: 'now' }))._unsafeUnwrap().message;
    await w.jobs.runDue();
    await w.optOuts.add(ACCOUNT, '+254733000222', { source: 'api', keyword: null }, w.clock.now());
    const optedOut = (await w.send.execute({ sender: LIVE, to: '+254733000222', text: 'stop', scheduleMode: 'now' }))._unsafeUnwrap().message;
    const later = new Date(w.clock.now().getTime() + 3_600_000);
    const cancelled = (await w.send.execute({ sender: LIVE, to: '+254744000333', text: 'later', scheduleMode: 'scheduled', scheduledAt: later }))._unsafeUnwrap().message;
    (await w.cancel.cancelMessage(LIVE, cancelled.id))._unsafeUnwrap();
    expect(types()).to.deep.equal([
      `${ok.id}:message.submitted`,
      `${ok.id}:message.delivered`,
      `${refused.id}:message.failed`,
      `${optedOut.id}:message.rejected`,
      `${cancelled.id}:message.rejected`,
    ]);
    expect(w.events.events.every((e) => e.kind === 'dlr' && e.accountId === ACCOUNT)).to.equal(true);
    expect(w.events.events[2]!.payload).to.include({ error_code: 'invalid_destination', status: 'failed' });
  });

  it('drips a batch: one minute of members per step, each step enqueuing the next a minute after it was due', async () => {
    const w = await sendingWorld();
    await w.fund('5');
    const recipients = Array.from({ length: 5 }, (_, i) => ({ to: `+25471100000${i}` }));
    const accepted = (await w.sendBulk.execute({ sender: LIVE, recipients, text: 'drip', scheduleMode: 'drip', dripRate: 2 }))._unsafeUnwrap();
    expect(accepted.batch.status).to.equal('dripping');
    const sentCount = async () => (await w.messages.batchTotals(ACCOUNT, accepted.batch.id)).counts.submitted ?? 0;
    await w.jobs.runDue();
    expect(await sentCount()).to.equal(2);
    w.clock.advance(59_999);
    expect(await w.jobs.runDue()).to.equal(0);
    w.clock.advance(1);
    await w.jobs.runDue();
    expect(await sentCount()).to.equal(4);
    w.clock.advance(60_000);
    await w.jobs.runDue();
    expect(await sentCount()).to.equal(5);
    expect(w.jobs.jobs()).to.have.length(0);
  });

  it('charges a bulk send once and refunds its cancelled members in one refund', async () => {
    const w = await sendingWorld();
    await w.fund('5');
    const recipients = Array.from({ length: 3 }, (_, i) => ({ to: `+25471100000${i}` }));
    const at = new Date(w.clock.now().getTime() + 60 * 60_000);
    const accepted = (await w.sendBulk.execute({ sender: LIVE, recipients, text: 'later', scheduleMode: 'scheduled', scheduledAt: at }))._unsafeUnwrap();
    expect(await w.balance()).to.equal((5 - accepted.batch.cost.toNumber()).toFixed(6));
    const cancelled = (await w.cancel.cancelBatch(LIVE, accepted.batch.id))._unsafeUnwrap();
    expect(cancelled.cancelled).to.equal(3);
    expect(cancelled.refunded.toDecimalString()).to.equal(accepted.batch.cost.toDecimalString());
    expect(await w.balance()).to.equal('5.000000');
    w.clock.advance(60 * 60_000);
    await w.jobs.runDue();
    expect(w.live.submissions).to.have.length(0);
    expect((await w.cancel.cancelBatch(LIVE, accepted.batch.id))._unsafeUnwrap().cancelled).to.equal(0);
  });

  it('refuses texts no column can hold (NUL, lone surrogates) in sends and rendered bulk members, before charging anything', async () => {
    const w = await sendingWorld();
    await w.fund('5');
    const single = (await w.send.execute({ sender: LIVE, to: KE, text: 'Hi \u0000', scheduleMode: 'now' }))._unsafeUnwrapErr();
    expect(single.type === 'validation_error' && single.details.map((d) => d.path)).to.deep.equal(['text']);
    const recipients = [{ to: '+254711000001', name: 'Amina', vars: { code: '1' } }, { to: '+254711000002', name: '\udc00', vars: { code: '2' } }, { to: '+254711000003', vars: { code: 'x\ud800' } }];
    const bulk = (await w.sendBulk.execute({ sender: LIVE, recipients, text: 'Hi {{name}} {{code}}', scheduleMode: 'now' }))._unsafeUnwrapErr();
    expect(bulk.type === 'validation_error' && bulk.details.map((d) => d.path)).to.deep.equal(['recipients.1', 'recipients.2']);
    expect(await w.balance()).to.equal('5.000000');
    expect(w.jobs.jobs()).to.have.length(0);
  });

  describe('a suspended account', () => {
    const HOUR = 3_600_000;
    const inAnHour = (w: Awaited<ReturnType<typeof sendingWorld>>) => new Date(w.clock.now().getTime() + HOUR);
    const statuses = async (w: Awaited<ReturnType<typeof sendingWorld>>, batchId: string) => (await w.messages.batchTotals(ACCOUNT, batchId)).counts;

    it('holds its scheduled message queued while suspended, and sends it once unsuspended', async () => {
      const w = await sendingWorld();
      await w.fund('1');
      const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'Sale tomorrow', scheduleMode: 'scheduled', scheduledAt: inAnHour(w) }))._unsafeUnwrap();
      w.suspended.add(ACCOUNT);
      w.clock.advance(HOUR);
      await w.jobs.runDue();
      w.clock.advance(10 * 60_000);
      await w.jobs.runDue();
      expect((await w.message(sent.message.id)).delivery.status).to.equal('queued');
      expect(w.live.submissions).to.have.length(0);
      w.suspended.delete(ACCOUNT);
      w.clock.advance(60_000);
      await w.jobs.runDue();
      expect((await w.message(sent.message.id)).delivery.status).to.equal('submitted');
      expect(w.live.submissions).to.have.length(1);
    });

    it('lets a held message be cancelled with its refund, and never sends it', async () => {
      const w = await sendingWorld();
      await w.fund('1');
      const sent = (await w.send.execute({ sender: LIVE, to: KE, text: 'Held', scheduleMode: 'scheduled', scheduledAt: inAnHour(w) }))._unsafeUnwrap();
      w.suspended.add(ACCOUNT);
      w.clock.advance(HOUR);
      await w.jobs.runDue();
      (await w.cancel.cancelMessage(LIVE, sent.message.id))._unsafeUnwrap();
      expect(await w.balance()).to.equal('1.000000');
      w.suspended.delete(ACCOUNT);
      w.clock.advance(HOUR);
      await w.jobs.runDue();
      expect(w.live.submissions).to.have.length(0);
    });

    it('holds a scheduled bulk send and a drip in progress, and resumes both once unsuspended', async () => {
      const w = await sendingWorld();
      await w.fund('5');
      const recipients = Array.from({ length: 4 }, (_, i) => ({ to: `+25471100000${i}` }));
      const scheduled = (await w.sendBulk.execute({ sender: LIVE, recipients, text: 'later', scheduleMode: 'scheduled', scheduledAt: inAnHour(w) }))._unsafeUnwrap();
      const drip = (await w.sendBulk.execute({ sender: LIVE, recipients, text: 'drip', scheduleMode: 'drip', dripRate: 2 }))._unsafeUnwrap();
      await w.jobs.runDue();
      expect((await statuses(w, drip.batch.id)).submitted).to.equal(2);

      w.suspended.add(ACCOUNT);
      for (let minute = 0; minute < 90; minute++) {
        w.clock.advance(60_000);
        await w.jobs.runDue();
      }
      expect((await statuses(w, drip.batch.id)).submitted).to.equal(2);
      expect(await statuses(w, scheduled.batch.id)).to.not.have.property('submitted');
      expect(w.live.submissions).to.have.length(2);
      expect(w.jobs.jobs().length, 'a held drip waits as one job, not one per minute').to.be.lessThan(4);

      w.suspended.delete(ACCOUNT);
      for (let minute = 0; minute < 3; minute++) {
        w.clock.advance(60_000);
        await w.jobs.runDue();
      }
      expect((await statuses(w, drip.batch.id)).submitted).to.equal(4);
      expect((await statuses(w, scheduled.batch.id)).submitted).to.equal(4);
    });
  });

  it('fails and refunds, visibly, a bulk chunk that still cannot be written on its last attempt; earlier attempts retry', async () => {
    const w = await sendingWorld();
    await w.fund('5');
    const recipients = Array.from({ length: 3 }, (_, i) => ({ to: `+25471100000${i}` }));
    const accepted = (await w.sendBulk.execute({ sender: LIVE, recipients, text: 'Flash sale', scheduleMode: 'scheduled', scheduledAt: new Date(w.clock.now().getTime() + 3_600_000) }))._unsafeUnwrap();
    const charged = await w.balance();
    // The store refuses the chunk (as PostgreSQL refused a NUL) until it has been made storable.
    const { materialize, makeStorable } = InMemoryBatchAudience.prototype;
    let storable = false;
    InMemoryBatchAudience.prototype.makeStorable = async function (...args) {
      storable = true;
      return makeStorable.apply(this, args);
    };
    InMemoryBatchAudience.prototype.materialize = async function (...args) {
      if (!storable) throw new Error('invalid input syntax for type json');
      return materialize.apply(this, args);
    };
    try {
      let thrown: unknown;
      await w.dispatch.submitBatchRange(accepted.batch.id, 0, 2).catch((error: unknown) => (thrown = error));
      expect(String(thrown)).to.contain('invalid input syntax');
      expect(await w.balance()).to.equal(charged);

      const report = await w.dispatch.submitBatchRange(accepted.batch.id, 0, 2, { lastAttempt: true });
      expect(report.failed).to.equal(3);
    } finally {
      Object.assign(InMemoryBatchAudience.prototype, { materialize, makeStorable });
    }
    const totals = await w.messages.batchTotals(ACCOUNT, accepted.batch.id);
    expect(totals.counts).to.deep.equal({ failed: 3 });
    const members = await w.messages.lockBatchRange(accepted.batch.id, 0, 2);
    expect(members.map((m) => m.delivery.errorCode)).to.deep.equal(['dispatch_failed', 'dispatch_failed', 'dispatch_failed']);
    expect(await w.balance()).to.equal('5.000000');
    expect((await w.cancel.cancelBatch(LIVE, accepted.batch.id))._unsafeUnwrap().cancelled).to.equal(0);
    expect(w.live.submissions).to.have.length(0);
  });
});
