import { expect } from 'chai';
import { IdempotencyKey, requestFingerprint } from '@tuma/idempotency';
import type { Result } from '@tuma/kernel';
import { admissionAt, UNSENT_GUARD_DELAY_MS, UNSENT_MESSAGE_GUARD_JOB, writeAlongside, type AdmissionGate, type OutboundMessage, type SendOtpError, type SentOtp } from '../src/index.ts';
import { ACCOUNT, LIVE, refusal, sendingWorld, TEST } from './support/sending-world.ts';

const TO = '+254712345678';
const otp = (code: string) => ({ text: `Your code is ${code}.`, maskedText: `Your code is ${'*'.repeat(code.length)}.` });

describe('SendOtpMessage (in-memory world)', () => {
  it('charges and stores the masked text, and submits the clear text at once, with no submission job', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const sent = (await w.sendOtp.execute({ sender: LIVE, to: TO, ...otp('482913') }))._unsafeUnwrap();
    expect(sent.messageId).to.match(/^msg_/);
    expect(sent.cost.isPositive()).to.equal(true);
    expect(w.live.submissions.map((s) => s.text)).to.deep.equal(['Your code is 482913.']);
    const stored = await w.message(sent.messageId!);
    expect([stored.text, stored.delivery.status]).to.deep.equal(['Your code is ******.', 'submitted']);
    expect(w.jobs.jobs().map((j) => j.name), 'only the guard, five minutes on').to.deep.equal(['messaging.unsent-message-guard']);
    w.clock.advance(5 * 60_000);
    await w.jobs.runDue();
    expect((await w.message(sent.messageId!)).delivery.status, 'the guard leaves a submitted message alone').to.equal('submitted');
  });

  it("writes the caller's row and keeps its answer with the SMS, before the carrier has it; an unpaid code writes no row", async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const rows: { messageId: string | null; submittedBefore: number }[] = [];
    const alongside = writeAlongside({ write: async (written: readonly { messageId: string | null; submittedBefore: number }[]) => void rows.push(...written) }, (sent: SentOtp) => ({
      messageId: sent.messageId,
      submittedBefore: w.live.submissions.length,
    }));
    const operation = 'POST /v1/verify/start';
    const claimed = (await w.idempotency.claimKey.execute({ scope: { accountId: ACCOUNT, environment: 'live' }, key: IdempotencyKey.create('k-otp')._unsafeUnwrap(), operation, fingerprint: await requestFingerprint(operation, {}) }))._unsafeUnwrap();
    if (claimed.type !== 'claimed') throw new Error('expected a claim');
    const kept: { submittedBefore: number; outcome: string }[] = [];
    const idempotency = {
      claim: claimed.claim,
      respond: (outcome: Result<SentOtp, SendOtpError>) => {
        kept.push({ submittedBefore: w.live.submissions.length, outcome: outcome.isOk() ? outcome.value.messageId! : outcome.error.type });
        return { status: 201, headers: {}, body: { ok: outcome.isOk() } };
      },
    };
    const sent = (await w.sendOtp.execute({ sender: LIVE, to: TO, ...otp('482913'), alongside, idempotency }))._unsafeUnwrap();
    expect(rows).to.deep.equal([{ messageId: sent.messageId, submittedBefore: 0 }]);
    expect(kept).to.deep.equal([{ submittedBefore: 0, outcome: sent.messageId }]);
    expect(w.live.submissions).to.have.length(1);

    await w.optOuts.add(ACCOUNT, '+254712345679', { source: 'api', keyword: null }, w.clock.now());
    expect((await w.sendOtp.execute({ sender: LIVE, to: '+254712345679', ...otp('111111'), alongside }))._unsafeUnwrapErr().type).to.equal('recipient_opted_out');
    expect(rows, 'no row for an opted-out number').to.have.length(1);

    const broke = await sendingWorld();
    await broke.fund('0.000001');
    expect((await broke.sendOtp.execute({ sender: LIVE, to: TO, ...otp('222222'), alongside }))._unsafeUnwrapErr().type).to.equal('insufficient_balance');
    expect(rows, 'no row for an unpaid code').to.have.length(1);
  });

  it("passes its caller's gate in the unit of work that charges it: codes sent together decided together, in order; a refused one charged, stored and sent nothing", async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const calls: string[][] = [];
    const gate: AdmissionGate<string> = {
      admit: async (tickets) => (calls.push([...tickets]), tickets.map((ticket) => (ticket === 'over' ? { type: 'rate_limited' as const, retryAfter: 42, message: 'over the limit' } : undefined))),
    };
    const answers = await Promise.all(
      ['first', 'over', 'third'].map((ticket, i) => w.sendOtp.execute({ sender: LIVE, to: `+25471234567${i}`, ...otp(`12345${i}`), admission: admissionAt(gate, ticket) })),
    );
    expect(answers.map((answer) => (answer.isOk() ? 'sent' : answer.error))).to.deep.equal(['sent', { type: 'rate_limited', retryAfter: 42, message: 'over the limit' }, 'sent']);
    expect(calls, 'the three of one event-loop turn in one call, in order').to.deep.equal([['first', 'over', 'third']]);
    expect(w.live.submissions.map((s) => s.to)).to.deep.equal(['+254712345670', '+254712345672']);
    expect((await w.messages.list({ accountId: ACCOUNT, environment: 'live', page: 0, limit: 10 })).total, 'no message for the refused code').to.equal(2);

    const test = (await w.sendOtp.execute({ sender: TEST, to: TO, ...otp('123456'), admission: admissionAt(gate, 'over') }))._unsafeUnwrapErr();
    expect(test.type, "a test key's code at the same gate").to.equal('rate_limited');
    expect(calls.at(-1)).to.deep.equal(['over']);
  });

  it("commits codes through a caller's gate one batch at a time, even where plain sends commit two at once", async () => {
    const w = await sendingWorld({ batchContext: (work) => work() });
    await w.fund('1');
    const calls: string[][] = [];
    let gateReached!: () => void;
    const reached = new Promise<void>((resolve) => (gateReached = resolve));
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const gate: AdmissionGate<string> = {
      admit: async (tickets) => {
        calls.push([...tickets]);
        gateReached();
        await opened;
        return tickets.map(() => undefined);
      },
    };
    const code = (ticket: string, to: string) => w.sendOtp.execute({ sender: LIVE, to, ...otp('123456'), admission: admissionAt(gate, ticket) });
    const first = code('first', '+254712345670');
    await reached;
    const later = [code('second', '+254712345671'), code('third', '+254712345672')];
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(calls, 'no second batch while the first holds the gate').to.deep.equal([['first']]);
    open();
    expect((await Promise.all([first, ...later])).every((sent) => sent.isOk())).to.equal(true);
    expect(calls, 'the two that waited, in the next batch').to.deep.equal([['first'], ['second', 'third']]);
  });

  it("records the carrier's answer over a receipt that came before it: the row is read back under its lock, the receipt kept", async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const submit = w.live.submit.bind(w.live);
    w.live.submit = async (submission) => {
      const answer = await submit(submission);
      const carrierMessageId = answer._unsafeUnwrap().carrierMessageIds[0]!;
      const at = w.clock.now();
      await w.receipts.execute([{ carrier: 'carrier', carrierMessageId, messageId: submission.messageId, partIndex: 0, state: 'delivered', errorCode: null, carrierErrorCode: null, submittedAt: at, doneAt: at, receivedAt: at }]);
      return answer;
    };
    const sent = (await w.sendOtp.execute({ sender: LIVE, to: TO, ...otp('482913') }))._unsafeUnwrap();
    const stored = await w.message(sent.messageId!);
    expect([stored.delivery.status, stored.delivery.carrierMessageIds, stored.delivery.partOutcomes.map((part) => part.outcome)]).to.deep.equal(['delivered', ['carrier-1'], ['delivered']]);
    expect(w.events.events.map((event) => event.type)).to.deep.equal(['message.delivered']);
  });

  it('fails and refunds at the first refusal, even a retryable one, and answers otp_send_failed', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    w.live.script(TO, refusal('throttled', true));
    const failed = (await w.sendOtp.execute({ sender: LIVE, to: TO, ...otp('111111') }))._unsafeUnwrapErr();
    expect(failed).to.include({ type: 'otp_send_failed', errorCode: 'throttled' });
    expect(await w.balance()).to.equal('1.000000');
    expect((await w.message((failed as { messageId: string }).messageId)).delivery.status).to.equal('failed');
    expect(w.jobs.jobs().filter((j) => j.name === 'messaging.submit-message')).to.deep.equal([]);
  });

  it('guards the codes of a commit with one job, which fails and refunds those whose sender died before submitting them', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const submission = { dispatched: (message: OutboundMessage) => w.dispatch.ownDispatched(message) };
    const dying = (to: string) => w.send.execute({ sender: LIVE, to, text: 'Your code is ******.', scheduleMode: 'now', submission, suppressDuplicates: false });
    const [submitted, died, alsoDied] = await Promise.all([w.sendOtp.execute({ sender: LIVE, to: TO, ...otp('482913') }), dying('+254712345671'), dying('+254712345672')]);
    const deadIds = [died, alsoDied].map((sent) => sent._unsafeUnwrap().message.id);
    const stored = await w.message(deadIds[0]!);
    expect([stored.delivery.status, stored.carrier], 'stored claimed by its caller').to.deep.equal(['sent', 'carrier']);
    expect(w.jobs.jobs().map((j) => [j.name, j.payload]), 'the three of one event-loop turn: one commit, one guard').to.deep.equal([
      ['messaging.unsent-message-guard', { messageIds: [submitted._unsafeUnwrap().messageId, ...deadIds], claims: [] }],
    ]);
    const oneCode = await sendingWorld();
    await oneCode.fund('1');
    await oneCode.sendOtp.execute({ sender: LIVE, to: TO, ...otp('482913') });
    w.clock.advance(UNSENT_GUARD_DELAY_MS - 1);
    expect(await w.jobs.runDue(), 'the guard waits for its delay').to.equal(0);
    w.clock.advance(1);
    await w.jobs.runDue();
    for (const id of deadIds) expect([(await w.message(id)).delivery.status, (await w.message(id)).delivery.errorCode]).to.deep.equal(['failed', 'dispatch_failed']);
    expect((await w.message(submitted._unsafeUnwrap().messageId!)).delivery.status, 'the submitted one left alone').to.equal('submitted');
    expect(await w.balance(), 'the two dead ones refunded').to.equal(await oneCode.balance());
    expect(w.live.submissions.map((s) => s.text), 'the masked text never goes').to.deep.equal(['Your code is 482913.']);
  });

  it("frees, with its guard, the key of a code whose sender died, so that the caller's retry starts again", async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const operation = 'POST /v1/verify/start';
    const attempt = async () => (await w.idempotency.claimKey.execute({ scope: { accountId: ACCOUNT, environment: 'live' }, key: IdempotencyKey.create('k-died')._unsafeUnwrap(), operation, fingerprint: await requestFingerprint(operation, {}) }))._unsafeUnwrap();
    const claimed = await attempt();
    if (claimed.type !== 'claimed') throw new Error('expected a claim');
    const submission = { dispatched: (message: OutboundMessage) => w.dispatch.ownDispatched(message) };
    const idempotency = { claim: claimed.claim, respond: () => ({ status: 201, headers: {}, body: { status: 'pending' } }) };
    // Stored, charged and its answer kept; its sender dies before submitting it.
    const died = (await w.send.execute({ sender: LIVE, to: TO, text: 'Your code is ******.', scheduleMode: 'now', submission, suppressDuplicates: false, idempotency }))._unsafeUnwrap();
    expect((await attempt()).type, 'before the guard: the kept answer').to.equal('replay');
    w.clock.advance(UNSENT_GUARD_DELAY_MS);
    await w.jobs.runDue();
    expect((await w.message(died.message.id)).delivery).to.include({ status: 'failed', errorCode: 'dispatch_failed' });
    expect(await w.balance(), 'refunded').to.equal('1.000000');
    expect((await attempt()).type, 'after the guard: the retry runs again').to.equal('claimed');
  });

  it('counts a code whose carrier does not answer within the deadline as refused: failed, refunded, no retry', async () => {
    const w = await sendingWorld({ dispatch: { ownDeadlineMs: 20 } });
    await w.fund('1');
    const accept = w.live.submit.bind(w.live);
    w.live.submit = async (submission) => (await new Promise((resolve) => setTimeout(resolve, 200)), accept(submission));
    const failed = (await w.sendOtp.execute({ sender: LIVE, to: TO, ...otp('482913') }))._unsafeUnwrapErr();
    expect(failed).to.include({ type: 'otp_send_failed', errorCode: 'network_timeout' });
    expect(await w.balance()).to.equal('1.000000');
    await new Promise((resolve) => setTimeout(resolve, 250));
    const message = await w.message((failed as { messageId: string }).messageId);
    expect(message.delivery.status, 'the late acceptance changes nothing').to.equal('failed');
    expect(w.jobs.jobs().filter((j) => j.name === 'messaging.submit-message')).to.deep.equal([]);
  });

  it("counts a code whose gateway throws as refused like a lost answer: network_timeout, failed, refunded, no retry", async () => {
    const w = await sendingWorld();
    await w.fund('1');
    w.live.script(TO, new Error('connect ECONNREFUSED'));
    const failed = (await w.sendOtp.execute({ sender: LIVE, to: TO, ...otp('482913') }))._unsafeUnwrapErr();
    expect(failed).to.include({ type: 'otp_send_failed', errorCode: 'network_timeout' });
    expect(await w.balance()).to.equal('1.000000');
    expect((await w.message((failed as { messageId: string }).messageId)).delivery).to.include({ status: 'failed', errorCode: 'network_timeout' });
    expect(w.jobs.jobs().filter((j) => j.name === 'messaging.submit-message')).to.deep.equal([]);
  });

  it('still guards a message named alone (a guard enqueued before guards were shared)', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const submission = { dispatched: (message: OutboundMessage) => w.dispatch.ownDispatched(message) };
    const sent = (await w.send.execute({ sender: LIVE, to: TO, text: 'Your code is ******.', scheduleMode: 'now', submission, suppressDuplicates: false }))._unsafeUnwrap();
    await w.jobs.enqueue(UNSENT_MESSAGE_GUARD_JOB, { messageId: sent.message.id }, { startAfter: new Date(w.clock.now().getTime() + 1000) });
    w.clock.advance(1000);
    expect(await w.jobs.runDue(), 'only the old guard was due').to.equal(1);
    expect((await w.message(sent.message.id)).delivery.status).to.equal('failed');
    expect(await w.balance()).to.equal('1.000000');
  });

  it('does not take a second code to the same number for a duplicate', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    for (const code of ['123456', '654321']) expect((await w.sendOtp.execute({ sender: LIVE, to: TO, ...otp(code) })).isOk()).to.equal(true);
    expect(w.live.submissions).to.have.length(2);
  });

  it('refuses an opted-out number for both keys, storing and charging nothing', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    await w.optOuts.add(ACCOUNT, TO, { source: 'api', keyword: null }, w.clock.now());
    for (const sender of [LIVE, TEST]) expect((await w.sendOtp.execute({ sender, to: TO, ...otp('123456') }))._unsafeUnwrapErr().type).to.equal('recipient_opted_out');
    expect(await w.balance()).to.equal('1.000000');
    expect(w.live.submissions).to.deep.equal([]);
  });

  it("prices a test key's code and sends nothing", async () => {
    const w = await sendingWorld();
    const sent = (await w.sendOtp.execute({ sender: TEST, to: TO, ...otp('123456') }))._unsafeUnwrap();
    expect(sent.messageId).to.equal(null);
    expect(sent.cost.isPositive()).to.equal(true);
    expect([...w.live.submissions, ...w.sandbox.submissions]).to.deep.equal([]);
  });
});
