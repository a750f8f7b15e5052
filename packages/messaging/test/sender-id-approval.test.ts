import { expect } from 'chai';
import { Money } from '@tuma/kernel';
import { type SenderIdRequest } from '../src/index.ts';
import { InMemorySenderIdRepository } from '../src/testing/index.ts';
import { ACCOUNT, senderIdWorld } from './support/sender-id-world.ts';

describe('ApproveSenderId and RejectSenderId', () => {
  it('charges a USD wallet one fee entry of 150 per flat-fee country, and records it on the request', async () => {
    const world = await senderIdWorld();
    await world.fund('1000');
    const id = await world.pending('ACME', ['GH', 'NG', 'TZ']);
    world.clock.advance(60_000);
    const decision = (await world.approve.execute({ id }))._unsafeUnwrap();

    expect(decision.entry).to.deep.include({ kind: 'fee', reference: `sender_id:${id}:approval`, related: { type: 'sender_id', id: String(id) } });
    expect(decision.entry?.amount.toString()).to.equal('-300.000000 USD');
    expect(decision.entry?.reason).to.equal('Sender ID ACME registration: GH, TZ (USD 300.00)');
    expect(decision.estimate.feeCountries).to.deep.equal(['GH', 'TZ']);
    const stored = (await world.senderIds.findById(id))!.toSnapshot();
    expect(stored).to.deep.include({ status: 'approved', decidedAt: world.clock.now() });
    expect(stored.feeUsd.toString()).to.equal('300.000000 USD');
    expect(stored.feeCharge).to.deep.equal({ amount: Money.parse('300', 'USD')._unsafeUnwrap(), fxRate: '1', entryId: decision.entry!.id, chargedAt: world.clock.now() });
    expect(await world.balance()).to.equal('700.000000 USD');
  });

  it('converts the fee into a KES wallet with the stored rate, rounded half-even to a micro-unit, and records the rate', async () => {
    // Only KES->USD is stored: USD->KES is its exact inverse, 1/0.0077 = 129.870129870129...
    const world = await senderIdWorld({ walletCurrency: 'KES', rates: [['KES', 'USD', '0.0077']] });
    await world.fund('100000');
    const id = await world.pending('ACME', ['GH', 'TZ']);
    const decision = (await world.approve.execute({ id }))._unsafeUnwrap();
    // 300 / 0.0077 = 38961.038961038961... -> 38961.038961
    expect(decision.entry?.amount.toString()).to.equal('-38961.038961 KES');
    expect(decision.entry?.reason).to.equal('Sender ID ACME registration: GH, TZ (USD 300.00 at 129.87012987013 KES/USD)');
    expect(decision.request.toSnapshot().feeCharge).to.deep.include({ fxRate: '129.87012987013' });
    expect(decision.request.toSnapshot().feeCharge?.amount.toString()).to.equal('38961.038961 KES');
    expect(await world.balance()).to.equal('61038.961039 KES');
  });

  it('rounds a tie half-even: 150 USD at 0.00000001 is 1.5 micro-units -> 0.000002, 450 USD is 4.5 -> 0.000004', async () => {
    for (const [countries, expected] of [[['GH'], '-0.000002 KWD'], [['GH', 'TZ', 'EG'], '-0.000004 KWD']] as const) {
      const world = await senderIdWorld({ walletCurrency: 'KWD', rates: [['KWD', 'USD', '100000000']] });
      await world.fund('1');
      const decision = (await world.approve.execute({ id: await world.pending('ACME', [...countries]) }))._unsafeUnwrap();
      expect(decision.entry?.amount.toString()).to.equal(expected);
    }
  });

  it('refuses with insufficient_balance (required and available in the wallet currency) and leaves the request pending, nothing charged', async () => {
    const world = await senderIdWorld();
    await world.fund('100');
    const id = await world.pending('ACME', ['GH']);
    const error = (await world.approve.execute({ id }))._unsafeUnwrapErr();
    expect(error.type).to.equal('insufficient_balance');
    expect(error.type === 'insufficient_balance' && [error.required.toString(), error.available.toString()]).to.deep.equal(['150.000000 USD', '100.000000 USD']);
    expect((await world.senderIds.findById(id))?.status).to.equal('pending');
    expect((await world.entries()).map((e) => e.kind)).to.deep.equal(['credit']);

    await world.fund('50');
    expect((await world.approve.execute({ id }))._unsafeUnwrap().request.status).to.equal('approved');
    expect(await world.balance()).to.equal('0.000000 USD');
  });

  it('refuses without a wallet (available 0) or without a rate (fx_rate_missing), leaving the request pending', async () => {
    const noWallet = await senderIdWorld();
    const first = await noWallet.pending('ACME', ['GH']);
    expect((await noWallet.approve.execute({ id: first }))._unsafeUnwrapErr()).to.deep.include({ type: 'insufficient_balance' });
    expect((await noWallet.senderIds.findById(first))?.status).to.equal('pending');

    const noRate = await senderIdWorld({ walletCurrency: 'NGN' });
    await noRate.fund('1000000');
    const second = await noRate.pending('ACME', ['GH']);
    expect((await noRate.approve.execute({ id: second }))._unsafeUnwrapErr()).to.deep.include({ type: 'fx_rate_missing', from: 'USD', to: 'NGN' });
    expect((await noRate.senderIds.findById(second))?.status).to.equal('pending');
    expect(await noRate.balance()).to.equal('1000000.000000 NGN');
  });

  it('charges the per-network fees of KE and UG (every bundle, single networks no bundle covers, setup plus the first month) and nothing for on-request countries', async () => {
    const world = await senderIdWorld({ rates: [['USD', 'KES', '129'], ['USD', 'UGX', '3700']] });
    await world.fund('1000');
    const id = await world.pending('ACME', ['KE', 'UG', 'NG']);
    const decision = (await world.approve.execute({ id }))._unsafeUnwrap();
    expect(decision.estimate.networkFees.map((fee) => [fee.countryCode, fee.networks, fee.amount.toString()])).to.deep.equal([
      ['KE', ['Safaricom + Airtel', 'Telkom', 'Equitel'], '33300.000000 KES'],
      ['UG', ['MTN', 'Airtel'], '600000.000000 UGX'],
    ]);
    // 33300 / 129 = 258.139534883... -> 258.139535; 600000 / 3700 = 162.162162162... -> 162.162162
    expect(decision.entry?.amount.toString()).to.equal('-420.301697 USD');
    expect(decision.entry?.reason).to.equal(
      'Sender ID ACME registration: KE networks Safaricom + Airtel, Telkom, Equitel (KES 33300.00); UG networks MTN, Airtel (UGX 600000.00)',
    );
    expect(decision.request.toSnapshot().feeUsd.toString()).to.equal('420.301697 USD');
    expect(await world.balance()).to.equal('579.698303 USD');
    expect(await world.senderIds.approvedSenderIdFor(ACCOUNT, 'ACME', 'UG')).to.equal(true);
  });

  it('leaves nothing written when the last step (scheduling the recurring fee) fails: the request pending, no fee', async () => {
    const world = await senderIdWorld({ rates: [['USD', 'KES', '129'], ['USD', 'UGX', '3700']] });
    await world.fund('1000');
    const id = await world.pending('ACME', ['KE', 'UG']);
    const enqueue = world.jobs.enqueue.bind(world.jobs);
    world.jobs.enqueue = async () => {
      throw new Error('queue down');
    };
    let thrown: unknown;
    try {
      await world.approve.execute({ id });
    } catch (error) {
      thrown = error;
    }
    expect(String(thrown)).to.contain('queue down');
    expect((await world.senderIds.findById(id))?.toSnapshot()).to.deep.include({ status: 'pending', feeCharge: null });
    expect(await world.senderIds.approvedSenderIdFor(ACCOUNT, 'ACME', 'UG')).to.equal(false);
    expect(await world.balance()).to.equal('1000.000000 USD');
    expect((await world.entries()).filter((e) => e.kind === 'fee')).to.deep.equal([]);
    expect(world.jobs.jobs()).to.deep.equal([]);
    world.jobs.enqueue = enqueue;
    expect((await world.approve.execute({ id }))._unsafeUnwrap().entry?.amount.toString(), 'a retry charges once').to.equal('-420.301697 USD');
    expect(world.jobs.jobs().map((job) => job.payload)).to.deep.equal([{ senderIdId: id, countryCode: 'UG', period: 2 }]);
  });

  it("charges Uganda's recurring fee again every 30 days after approval, once per period, and an unpaid one again the next day", async () => {
    const DAY = 86_400_000;
    const world = await senderIdWorld({ rates: [['USD', 'UGX', '3750']] });
    await world.fund('250');
    const approvedAt = world.clock.now().getTime();
    (await world.approve.execute({ id: await world.pending('ACME', ['UG']) }))._unsafeUnwrap();
    expect(await world.balance()).to.equal('90.000000 USD'); // 600000 UGX (Airtel's setup + MTN's first month) / 3750
    expect(world.jobs.jobs().map((job) => [job.payload, job.startAfter.getTime() - approvedAt])).to.deep.equal([[{ senderIdId: 1, countryCode: 'UG', period: 2 }, 30 * DAY]]);

    world.clock.advance(30 * DAY - 1);
    expect(await world.jobs.runDue()).to.equal(0);
    world.clock.advance(1);
    await world.jobs.runDue();
    expect(world.outcomes).to.deep.equal(['charged']);
    expect(await world.balance()).to.equal('10.000000 USD'); // MTN's 300000 UGX
    const fees = (await world.entries()).filter((entry) => entry.kind === 'fee');
    expect(fees.map((entry) => entry.reference)).to.include('sender_id:1:UG:period:2');
    expect(world.jobs.jobs().map((job) => [(job.payload as { period: number }).period, job.startAfter.getTime() - approvedAt])).to.deep.equal([[3, 60 * DAY]]);

    world.clock.advance(30 * DAY);
    await world.jobs.runDue();
    expect(world.outcomes.at(-1)).to.equal('unpaid');
    expect(await world.balance()).to.equal('10.000000 USD');
    await world.fund('100');
    world.clock.advance(DAY);
    await world.jobs.runDue();
    expect(world.outcomes.at(-1)).to.equal('charged');
    expect(await world.balance()).to.equal('30.000000 USD');
    expect(world.jobs.jobs().map((job) => [(job.payload as { period: number }).period, job.startAfter.getTime() - approvedAt])).to.deep.equal([[4, 90 * DAY]]);
  });

  it('approves on-request countries without any charge (fees confirmed during onboarding)', async () => {
    const world = await senderIdWorld();
    const id = await world.pending('ACME', ['NG', 'ZA']);
    const decision = (await world.approve.execute({ id }))._unsafeUnwrap();
    expect(decision.entry).to.equal(null);
    expect(decision.request.toSnapshot()).to.deep.include({ status: 'approved', feeCharge: null });
    expect(decision.request.toSnapshot().feeUsd.isZero()).to.equal(true);
    expect(await world.balance()).to.equal(undefined);
  });

  it('charges once when retried: a second approval is a conflict, and a retry after a failed save replays the same entry', async () => {
    const world = await senderIdWorld();
    await world.fund('1000');
    const id = await world.pending('ACME', ['GH']);
    const first = (await world.approve.execute({ id }))._unsafeUnwrap();
    const again = (await world.approve.execute({ id }))._unsafeUnwrapErr();
    expect(again).to.deep.include({ type: 'conflict', resource: 'sender_id' });
    expect(again.message).to.equal(`Sender ID request ${id} is approved: only pending requests can be approved`);
    expect((await world.entries()).filter((e) => e.kind === 'fee').map((e) => e.id)).to.deep.equal([first.entry!.id]);

    // The fee was posted but saving the request failed: the unit of work takes the fee back.
    const second = await world.pending('BETA', ['TZ']);
    const save = InMemorySenderIdRepository.prototype.save;
    let failures = 1;
    world.senderIds.save = async function (this: InMemorySenderIdRepository, request: SenderIdRequest) {
      if (failures-- > 0) throw new Error('disk full');
      return save.call(this, request);
    };
    let thrown: unknown;
    try {
      await world.approve.execute({ id: second });
    } catch (error) {
      thrown = error;
    }
    expect(String(thrown)).to.contain('disk full');
    expect((await world.senderIds.findById(second))?.status).to.equal('pending');
    expect(await world.balance(), 'nothing charged').to.equal('850.000000 USD');
    const retried = (await world.approve.execute({ id: second }))._unsafeUnwrap();
    const fees = (await world.entries()).filter((e) => e.kind === 'fee');
    expect(fees.map((e) => e.reference)).to.deep.equal([`sender_id:${second}:approval`, `sender_id:${id}:approval`]);
    expect(retried.entry?.id).to.equal(fees[0]!.id);
    expect(await world.balance()).to.equal('700.000000 USD');
  });

  it('rejects a pending request with its reason and charges nothing; decided requests cannot be decided again', async () => {
    const world = await senderIdWorld();
    await world.fund('1000');
    const id = await world.pending('ACME', ['GH', 'TZ']);
    expect((await world.reject.execute({ id, reason: '  ' }))._unsafeUnwrapErr()).to.deep.include({ type: 'validation_error' });
    const decision = (await world.reject.execute({ id, reason: ' Brand not verified ' }))._unsafeUnwrap();
    expect(decision.entry).to.equal(null);
    expect(decision.request.toSnapshot()).to.deep.include({ status: 'rejected', rejectionReason: 'Brand not verified', feeCharge: null, decidedAt: world.clock.now() });
    expect(await world.balance()).to.equal('1000.000000 USD');
    expect((await world.approve.execute({ id }))._unsafeUnwrapErr().message).to.match(/is rejected: only pending requests can be approved/);
    expect((await world.reject.execute({ id, reason: 'again' }))._unsafeUnwrapErr().message).to.match(/is rejected: only pending requests can be rejected/);
    expect((await world.entries()).map((e) => e.kind)).to.deep.equal(['credit']);
  });

  it('answers not_found for an unknown request', async () => {
    const world = await senderIdWorld();
    expect((await world.approve.execute({ id: 42 }))._unsafeUnwrapErr()).to.deep.include({ type: 'not_found', resource: 'sender_id', id: '42' });
    expect((await world.reject.execute({ id: 42, reason: 'x' }))._unsafeUnwrapErr()).to.deep.include({ type: 'not_found' });
  });

  it('lists requests for review by status with the fee approval takes', async () => {
    const world = await senderIdWorld();
    await world.pending('ACME', ['GH', 'NG']);
    const rejected = await world.pending('BETA', ['TZ']);
    (await world.reject.execute({ id: rejected, reason: 'No documents' }))._unsafeUnwrap();
    const pending = (await world.review.execute({ status: 'pending', page: 0, limit: 10 }))._unsafeUnwrap();
    expect(pending.total).to.equal(1);
    expect(pending.items.map((i) => [i.request.name, i.estimate.feeUsd.toString(), i.estimate.feeCountries])).to.deep.equal([['ACME', '150.000000 USD', ['GH']]]);
    expect((await world.review.execute({ page: 0, limit: 10 }))._unsafeUnwrap().items.map((i) => i.request.name)).to.deep.equal(['BETA', 'ACME']);
  });
});
