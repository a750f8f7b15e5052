import { expect } from 'chai';
import type { CarrierSubmission, SubmitResult } from '../src/index.ts';
import { LIVE, sendingWorld } from './support/sending-world.ts';

/**
 * What a kill of a dispatching process can send twice: the submissions it handed to carriers whose
 * answers are not committed yet (a job finding its message `sent` sends it again). Those are bounded
 * by recording each answer as it comes and by the process's in-flight slots (docs/reliability.md).
 */
describe('dispatch: answers recorded as they come, submissions in flight bounded', () => {
  const numbers = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `+2547120${String(from + i).padStart(5, '0')}`);
  const until = async (what: string, done: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 500; i++) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    throw new Error(`never: ${what}`);
  };

  it("records each carrier answer of a bulk chunk as it comes, while the chunk's slowest answer is still awaited", async () => {
    const w = await sendingWorld();
    await w.fund('10');
    const recipients = numbers(10);
    const slow = recipients[7]!;
    let answerSlow: (() => void) | undefined;
    const accept = w.live.submit.bind(w.live);
    w.live.submit = async (submission: CarrierSubmission): Promise<SubmitResult> => {
      if (submission.to === slow) await new Promise<void>((resolve) => (answerSlow = resolve));
      return accept(submission);
    };
    const batch = (await w.sendBulk.execute({ sender: LIVE, recipients: recipients.map((to) => ({ to })), text: 'Habari', scheduleMode: 'now' }))._unsafeUnwrap();
    const draining = w.jobs.runDue();
    const statusOf = async () => {
      const page = await w.messages.batchMembers(LIVE.accountId, batch.batch.id, 0, 50);
      return new Map(page.map((message) => [message.phone, message.delivery.status]));
    };
    await until('nine answers recorded', async () => [...(await statusOf()).values()].filter((status) => status === 'submitted').length === 9);
    expect((await statusOf()).get(slow), 'the unanswered one').to.equal('sent');
    answerSlow!();
    await draining;
    expect([...(await statusOf()).values()]).to.deep.equal(Array(10).fill('submitted'));
    expect(w.live.submissions).to.have.length(10);
  });

  it('hands carriers at most `inFlight` submissions not yet recorded, across the bulk chunks and single sends of the process', async () => {
    const w = await sendingWorld({ dispatch: { inFlight: 3 } });
    await w.fund('10');
    let handed = 0;
    let recorded = 0;
    let most = 0;
    const accept = w.live.submit.bind(w.live);
    w.live.submit = async (submission) => {
      most = Math.max(most, ++handed - recorded);
      await new Promise((resolve) => setTimeout(resolve, 1 + (handed % 3)));
      return accept(submission);
    };
    const save = w.messages.saveDeliveryIfUnchanged.bind(w.messages);
    w.messages.saveDeliveryIfUnchanged = async (changes) => {
      await new Promise((resolve) => setTimeout(resolve, 3));
      const written = await save(changes);
      recorded += written.size;
      return written;
    };
    for (const from of [0, 100]) {
      (await w.sendBulk.execute({ sender: LIVE, recipients: numbers(12, from).map((to) => ({ to })), text: `Bulk ${from}`, scheduleMode: 'now' }))._unsafeUnwrap();
    }
    for (const to of numbers(5, 200)) (await w.send.execute({ sender: LIVE, to, text: 'Single', scheduleMode: 'now' }))._unsafeUnwrap();
    await w.jobs.runDue();
    expect(w.live.submissions.map((s) => s.to).toSorted(), 'each number once').to.deep.equal([...numbers(12, 0), ...numbers(12, 100), ...numbers(5, 200)].toSorted());
    expect(recorded).to.equal(29);
    expect(most, 'submissions handed over and not recorded at once').to.be.within(2, 3);
  });

  it('tries a record again while its fault passes (the database away), sending nothing twice', async () => {
    const w = await sendingWorld({ dispatch: { isTransient: (error) => /database is away/.test(String(error)) } });
    await w.fund('10');
    let outage = 3;
    const save = w.messages.saveDeliveryIfUnchanged.bind(w.messages);
    w.messages.saveDeliveryIfUnchanged = async (changes) => {
      if (outage-- > 0) throw new Error('the database is away');
      return save(changes);
    };
    const sent = await Promise.all(numbers(3).map(async (to) => (await w.send.execute({ sender: LIVE, to, text: 'Outage', scheduleMode: 'now' }))._unsafeUnwrap()));
    const reports = await Promise.all(sent.map(({ message }) => w.dispatch.submitMessage(message.id, 0)));
    expect(reports.map((report) => report.accepted)).to.deep.equal([1, 1, 1]);
    for (const { message } of sent) expect((await w.message(message.id)).delivery).to.include({ status: 'submitted', retryCount: 0 });
    expect(w.live.submissions).to.have.length(3);
  });

  it('fails the jobs of a record whose fault does not pass, leaving their messages `sent` for their retry', async () => {
    const w = await sendingWorld({ dispatch: { isTransient: () => false } });
    await w.fund('10');
    const save = w.messages.saveDeliveryIfUnchanged.bind(w.messages);
    let broken = true;
    w.messages.saveDeliveryIfUnchanged = async (changes) => {
      if (broken) throw new Error('a bug');
      return save(changes);
    };
    const sent = (await w.send.execute({ sender: LIVE, to: numbers(1)[0]!, text: 'Broken', scheduleMode: 'now' }))._unsafeUnwrap();
    const failure = await w.dispatch.submitMessage(sent.message.id, 0).catch((error: unknown) => error);
    expect(String(failure)).to.match(/a bug/);
    expect((await w.message(sent.message.id)).delivery.status).to.equal('sent');
    broken = false;
    expect(await w.dispatch.submitMessage(sent.message.id, 0), 'its retry sends it again').to.deep.include({ submitted: 1, accepted: 1 });
    expect((await w.message(sent.message.id)).delivery).to.include({ status: 'submitted', retryCount: 1 });
  });

  it('refuses an impossible number of slots', async () => {
    let failure: unknown;
    try {
      await sendingWorld({ dispatch: { inFlight: 0 } });
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(RangeError);
  });
});
