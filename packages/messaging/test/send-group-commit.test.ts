import { expect } from 'chai';
import { ACCOUNT, LIVE, sendingWorld, TEST } from './support/sending-world.ts';

const number = (i: number) => `+2547${String(10_000_000 + i).slice(-8)}`;

describe('single sends by group commit (in-memory world)', () => {
  it('gives each of many concurrent sends its own outcome: exactly what the wallet can pay is charged, the rest 402 with their cost', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const first = (await w.send.execute({ sender: LIVE, to: number(0), text: 'Price probe', scheduleMode: 'now' }))._unsafeUnwrap();
    const cost = first.price.walletCost;
    const fits = Math.floor(Number(first.balanceAfter!.toDecimalString()) / Number(cost.toDecimalString()));
    const outcomes = await Promise.all(Array.from({ length: fits + 7 }, (_, i) => w.send.execute({ sender: LIVE, to: number(i + 1), text: `Code ${i}`, scheduleMode: 'now' })));
    const accepted = outcomes.filter((o) => o.isOk());
    expect(accepted).to.have.length(fits);
    for (const refused of outcomes.filter((o) => o.isErr()).map((o) => o._unsafeUnwrapErr())) {
      expect(refused.type).to.equal('insufficient_balance');
      expect(refused).to.have.property('cost').that.deep.equals(cost);
    }
    const entries = (await w.ledger.transactions({ accountId: ACCOUNT, page: 0, limit: 1000 }))._unsafeUnwrap();
    expect(entries.total, 'one credit and one debit per accepted send').to.equal(1 + 1 + fits);
    expect(new Set(accepted.map((o) => o._unsafeUnwrap().balanceAfter!.toDecimalString())).size, 'each its own balance after').to.equal(fits);
    expect(await w.jobs.runDue(), "each batch's sends due now share jobs (one per account and at most 32 messages)").to.be.lessThan(1 + fits);
    expect(w.live.submissions).to.have.length(1 + fits);
  });

  it('answers identical concurrent sends once: the others are 409 naming the one that went', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => w.send.execute({ sender: LIVE, to: number(1), text: 'Same text', scheduleMode: 'now' })));
    const sent = outcomes.filter((o) => o.isOk()).map((o) => o._unsafeUnwrap().message.id);
    expect(sent).to.have.length(1);
    for (const duplicate of outcomes.filter((o) => o.isErr()).map((o) => o._unsafeUnwrapErr())) expect(duplicate).to.deep.include({ type: 'duplicate_message', duplicateOf: sent[0] });
    expect((await w.ledger.transactions({ accountId: ACCOUNT, page: 0, limit: 10 }))._unsafeUnwrap().total).to.equal(2);
  });

  it('keeps opted-out recipients, test keys and live sends apart in one batch', async () => {
    const w = await sendingWorld();
    await w.fund('1');
    await w.optOuts.add(ACCOUNT, number(2), { source: 'api', keyword: null }, w.clock.now());
    const [live, opted, test] = await Promise.all([
      w.send.execute({ sender: LIVE, to: number(1), text: 'Live', scheduleMode: 'now' }),
      w.send.execute({ sender: LIVE, to: number(2), text: 'Opted out', scheduleMode: 'now' }),
      w.send.execute({ sender: TEST, to: number(3), text: 'Test', scheduleMode: 'now' }),
    ]);
    expect(live!._unsafeUnwrap().message.chargeEntryId).to.be.a('string');
    expect(opted!._unsafeUnwrap().message.delivery).to.include({ status: 'rejected', errorCode: 'opted_out' });
    expect(opted!._unsafeUnwrap().message.cost.isZero()).to.equal(true);
    expect(test!._unsafeUnwrap().message.chargeEntryId).to.equal(null);
    expect(w.events.events.map((e) => e.type)).to.deep.equal(['message.rejected']);
    await w.jobs.runDue();
    expect([w.live.submissions.length, w.sandbox.submissions.length]).to.deep.equal([1, 1]);
  });
});
