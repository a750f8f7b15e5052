import { expect } from 'chai';
import { currency, type ValidationError } from '@tuma/kernel';
import { RENEW_SUBSCRIPTIONS_JOB } from '../src/index.ts';
import { subscriptionsWorld, type SubscriptionsWorld } from './support/subscriptions-world.ts';

// The world starts on 2026-07-15 10:00 UTC: 17 of July's 31 days are left, today included. USD 1 = KES 129.
const AUGUST = new Date('2026-08-01T00:00:00.000Z');
const SEPTEMBER = new Date('2026-09-01T00:00:00.000Z');

const subscribe = async (w: SubscriptionsWorld, accountId: string, product: 'mail' | 'links', tier: string) =>
  (await w.service.subscribe.execute({ accountId, product, tier }))._unsafeUnwrap().subscription;

describe('subscription use cases (in-memory world, clock moved by hand)', () => {
  it('lists free for both products for an account with no subscription, over the calendar month', async () => {
    const w = await subscriptionsWorld();
    const listed = (await w.service.listSubscriptions.execute(await w.account('0')))._unsafeUnwrap();
    expect(listed.map((s) => [s.id, s.product, s.tier, s.status, s.currentPeriodStart.toISOString(), s.currentPeriodEnd.toISOString()])).to.deep.equal([
      [null, 'mail', 'free', 'active', '2026-07-01T00:00:00.000Z', AUGUST.toISOString()],
      [null, 'links', 'free', 'active', '2026-07-01T00:00:00.000Z', AUGUST.toISOString()],
    ]);
  });

  it('charges the first period at once, prorated to the month end in the wallet currency (fee, reference per month)', async () => {
    const w = await subscriptionsWorld();
    const accountId = await w.account('5000');
    const done = (await w.service.subscribe.execute({ accountId, product: 'links', tier: 'starter' }))._unsafeUnwrap();
    // 24 USD x 129 x 17/31 = 1,697.8064516... KES, rounded half-even to micro-units.
    expect(done.charge).to.deep.include({ kind: 'fee', reference: `subscription:${done.subscription.id}:2026-07`, related: { type: 'subscription', id: done.subscription.id } });
    expect(done.charge!.amount.toDecimalString()).to.equal('-1697.806452');
    expect(done.subscription).to.deep.include({ product: 'links', tier: 'starter', currentPeriodStart: w.clock.now(), currentPeriodEnd: AUGUST, cancelAtPeriodEnd: false });
    expect((await w.service.listSubscriptions.execute(accountId))._unsafeUnwrap()[1]!.id).to.equal(done.subscription.id);
  });

  it('charges a wallet in another currency in its own currency', async () => {
    const w = await subscriptionsWorld();
    const accountId = await w.account('1000000', currency('NGN'));
    const { charge } = (await w.service.subscribe.execute({ accountId, product: 'mail', tier: 'business' }))._unsafeUnwrap();
    // 90 USD x 1,555.5 x 17/31 = 76,771.451612... NGN.
    expect([charge!.amount.currency, charge!.amount.toDecimalString()]).to.deep.equal(['NGN', '-76771.451613']);
  });

  it('answers 402 insufficient_balance with the amounts when the wallet is short, and stores nothing', async () => {
    const w = await subscriptionsWorld();
    const accountId = await w.account('100');
    const refused = (await w.service.subscribe.execute({ accountId, product: 'links', tier: 'starter' }))._unsafeUnwrapErr();
    expect(refused.type).to.equal('insufficient_balance');
    const { required, available } = refused as unknown as { required: { toDecimalString(): string }; available: { toDecimalString(): string } };
    expect([required.toDecimalString(), available.toDecimalString()]).to.deep.equal(['1697.806452', '100.000000']);
    expect(await w.repository.list(accountId)).to.deep.equal([]);
  });

  it('refuses a second subscription of a product, a subscription to free, and unknown values, naming the field', async () => {
    const w = await subscriptionsWorld();
    const accountId = await w.account('100000');
    await subscribe(w, accountId, 'links', 'starter');
    expect((await w.service.subscribe.execute({ accountId, product: 'links', tier: 'business' }))._unsafeUnwrapErr()).to.deep.include({ type: 'already_subscribed', product: 'links' });
    expect((await w.service.subscribe.execute({ accountId, product: 'mail', tier: 'free' }))._unsafeUnwrapErr().type).to.equal('validation_error');
    const invalid = (await w.service.subscribe.execute({ accountId, product: 'sms', tier: 'gold' }))._unsafeUnwrapErr();
    expect((invalid as ValidationError).details.map((d) => d.path)).to.deep.equal(['product', 'tier']);
    expect(await w.fees(accountId)).to.have.length(1);
  });

  it('upgrades at once, charging the price difference for the days left; a retry charges nothing more', async () => {
    const w = await subscriptionsWorld();
    const accountId = await w.account('100000');
    const { id } = await subscribe(w, accountId, 'links', 'starter');
    w.clock.set('2026-07-20T18:00:00.000Z');
    const upgraded = (await w.service.changeTier.execute({ accountId, subscriptionId: id!, tier: 'business' }))._unsafeUnwrap();
    // (59 - 24) USD x 129 x 12/31 = 1,747.741935... KES.
    expect(upgraded.change).to.deep.include({ kind: 'upgrade', from: 'starter', to: 'business', days: 12, inMonth: 31 });
    expect([upgraded.charge!.amount.toDecimalString(), upgraded.charge!.reference]).to.deep.equal(['-1747.741935', `subscription:${id}:2026-07:upgrade:business`]);
    expect(upgraded.subscription.tier).to.equal('business');
    const retried = (await w.service.changeTier.execute({ accountId, subscriptionId: id!, tier: 'business' }))._unsafeUnwrap();
    expect([retried.change.kind, retried.charge]).to.deep.equal(['unchanged', null]);
    expect(await w.fees(accountId)).to.have.length(2);
  });

  it('downgrades and cancels at the period end; asking for the current tier undoes either', async () => {
    const w = await subscriptionsWorld();
    const accountId = await w.account('100000');
    const { id } = await subscribe(w, accountId, 'mail', 'professional');
    const subscriptionId = id!;
    const downgraded = (await w.service.changeTier.execute({ accountId, subscriptionId, tier: 'starter' }))._unsafeUnwrap();
    expect([downgraded.change, downgraded.charge, downgraded.subscription.tier, downgraded.subscription.pendingTier]).to.deep.equal([{ kind: 'downgrade', to: 'starter', at: AUGUST }, null, 'professional', 'starter']);
    const canceled = (await w.service.cancelSubscription.execute({ accountId, subscriptionId }))._unsafeUnwrap();
    expect(canceled.subscription).to.deep.include({ cancelAtPeriodEnd: true, pendingTier: null, tier: 'professional' });
    const resumed = (await w.service.changeTier.execute({ accountId, subscriptionId, tier: 'professional' }))._unsafeUnwrap();
    expect(resumed.subscription).to.deep.include({ cancelAtPeriodEnd: false, pendingTier: null });
    expect(await w.fees(accountId), 'only the first period').to.have.length(1);
  });

  it("answers not_found for another account's subscription, and subscription_ended once it ended", async () => {
    const w = await subscriptionsWorld();
    const accountId = await w.account('100000');
    const { id } = await subscribe(w, accountId, 'links', 'starter');
    expect((await w.service.cancelSubscription.execute({ accountId: await w.account('0'), subscriptionId: id! }))._unsafeUnwrapErr().type).to.equal('not_found');
    await w.service.cancelSubscription.execute({ accountId, subscriptionId: id! });
    w.clock.set(AUGUST);
    expect((await w.service.renewDueSubscriptions.run()).ended).to.equal(1);
    expect((await w.service.changeTier.execute({ accountId, subscriptionId: id!, tier: 'business' }))._unsafeUnwrapErr().type).to.equal('subscription_ended');
  });

  it('renews on the first of the month for the full month, once, however often the sweep runs; the waiting downgrade applies', async () => {
    const w = await subscriptionsWorld();
    const accountId = await w.account('100000');
    const { id } = await subscribe(w, accountId, 'links', 'business');
    await w.service.changeTier.execute({ accountId, subscriptionId: id!, tier: 'starter' });
    w.clock.set(AUGUST);
    const [first, second] = [await w.service.renewDueSubscriptions.run(), await w.service.renewDueSubscriptions.run()];
    expect([first.renewed, second.renewed]).to.deep.equal([1, 0]);
    const fees = await w.fees(accountId);
    expect(fees.map((f) => [f.reference, f.amount.toDecimalString()])).to.deep.equal([
      [`subscription:${id}:2026-08`, '-3096.000000'], // 24 USD x 129, starter from August
      [`subscription:${id}:2026-07`, '-4173.774194'], // 59 USD x 129 x 17/31, business in July
    ]);
    expect(await w.repository.lock(id!)).to.deep.include({ tier: 'starter', pendingTier: null, currentPeriodStart: AUGUST, currentPeriodEnd: SEPTEMBER });
    expect(w.jobs.jobs().filter((j) => j.name === RENEW_SUBSCRIPTIONS_JOB.name).map((j) => j.startAfter.toISOString()), 'the next hourly run, once').to.deep.equal(['2026-08-01T01:00:00.000Z']);
  });

  it('a wallet short on renewal falls back to free from the period end, the reason kept; the plan limits follow', async () => {
    const w = await subscriptionsWorld();
    const accountId = await w.account('1700');
    const { id } = await subscribe(w, accountId, 'links', 'starter');
    expect((await w.service.currentLimits.execute(accountId, 'links'))._unsafeUnwrap().tier).to.equal('starter');
    w.clock.set('2026-08-01T00:20:00.000Z');
    expect((await w.service.renewDueSubscriptions.run()).lapsed).to.equal(1);
    const links = (await w.service.listSubscriptions.execute(accountId))._unsafeUnwrap()[1]!;
    expect(links).to.deep.include({ id: null, tier: 'free', lastEnded: { id, tier: 'starter', endedAt: AUGUST, endReason: 'payment_failed' } });
    expect((await w.service.currentLimits.execute(accountId, 'links'))._unsafeUnwrap().tier).to.equal('free');
    expect(await w.fees(accountId), 'nothing charged for August').to.have.length(1);
    expect((await w.service.subscribe.execute({ accountId, product: 'links', tier: 'starter' }))._unsafeUnwrapErr().type, 'subscribing again needs the money').to.equal('insufficient_balance');
  });

  it('leaves a renewal due while no USD rate reaches the wallet currency, and renews it once one does', async () => {
    const w = await subscriptionsWorld();
    const accountId = await w.account('100000');
    const { id } = await subscribe(w, accountId, 'mail', 'starter');
    w.unrated.add('KES');
    w.clock.set(AUGUST);
    expect(await w.service.renewDueSubscriptions.run()).to.deep.equal({ renewed: 0, ended: 0, lapsed: 0, deferred: 1 });
    expect((await w.service.changeTier.execute({ accountId, subscriptionId: id!, tier: 'business' }))._unsafeUnwrapErr().type).to.equal('fx_rate_missing');
    expect((await w.service.currentLimits.execute(accountId, 'mail'))._unsafeUnwrap().tier, 'still paid for until renewed').to.equal('starter');
    w.unrated.delete('KES');
    expect((await w.service.renewDueSubscriptions.run()).renewed).to.equal(1);
  });

  it('settles a renewal the sweep has not reached before a change: the upgrade is charged on the new month', async () => {
    const w = await subscriptionsWorld();
    const accountId = await w.account('100000');
    const { id } = await subscribe(w, accountId, 'links', 'starter');
    w.clock.set('2026-08-01T00:10:00.000Z');
    const upgraded = (await w.service.changeTier.execute({ accountId, subscriptionId: id!, tier: 'business' }))._unsafeUnwrap();
    expect(upgraded.change).to.deep.include({ kind: 'upgrade', days: 31, inMonth: 31 });
    expect((await w.fees(accountId)).map((f) => f.reference)).to.deep.equal([`subscription:${id}:2026-08:upgrade:business`, `subscription:${id}:2026-08`, `subscription:${id}:2026-07`]);
  });

  it('settles every period the sweep missed before a change: a cancel two months on charges each month once, then waits for the period end', async () => {
    const w = await subscriptionsWorld();
    const accountId = await w.account('100000');
    const { id } = await subscribe(w, accountId, 'mail', 'business');
    w.clock.set('2026-09-02T08:00:00.000Z');
    const canceled = (await w.service.cancelSubscription.execute({ accountId, subscriptionId: id! }))._unsafeUnwrap();
    expect(canceled.change).to.deep.include({ kind: 'cancel' });
    expect((await w.fees(accountId)).map((f) => f.reference)).to.deep.equal([`subscription:${id}:2026-09`, `subscription:${id}:2026-08`, `subscription:${id}:2026-07`]);
  });

  it("answers an account's plan now (past the period end: what the renewal leads to) and its team cap, the most generous of its plans", async () => {
    const w = await subscriptionsWorld();
    const accountId = await w.account('1000000');
    expect(await w.service.currentLimits.maxMembers(accountId), 'free everywhere').to.equal(1);
    const { id } = await subscribe(w, accountId, 'mail', 'business');
    expect(await w.service.currentLimits.maxMembers(accountId)).to.equal(15);
    await subscribe(w, accountId, 'links', 'enterprise');
    expect(await w.service.currentLimits.maxMembers(accountId)).to.equal(250);
    await w.service.changeTier.execute({ accountId, subscriptionId: id!, tier: 'enterprise' });
    expect(await w.service.currentLimits.maxMembers(accountId), 'mail enterprise: unlimited').to.equal(null);
    await w.service.cancelSubscription.execute({ accountId, subscriptionId: id! });
    w.clock.set(AUGUST);
    expect((await w.service.currentLimits.execute(accountId, 'mail'))._unsafeUnwrap().tier, 'canceled, before the sweep').to.equal('free');
  });
});
