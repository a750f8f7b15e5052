import { expect } from 'chai';
import { FxRate, WalletLedger } from '@tuma/billing';
import { currency, Money, newId } from '@tuma/kernel';
import { FakeClock, InMemoryJobScheduler } from '@tuma/kernel/testing';
import { createSubscriptions, Subscription } from '@tuma/subscriptions';
import { describeSubscriptionRepositoryContract } from '@tuma/subscriptions/testing/contracts';
import { MikroOrmFxRates, MikroOrmSubscriptionRepository, MikroOrmUnitOfWork, MikroOrmWalletStore } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

describeSubscriptionRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    repository: new MikroOrmSubscriptionRepository(database),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(() => database.em.transactional(work)),
  };
});

describe(`MikroOrmSubscriptionRepository on ${databaseKind()}`, () => {
  const at = new Date('2026-07-15T10:00:00.000Z');

  it('lets one of ten concurrent subscribes of a product in (the partial unique index)', async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const accountId = await insertAccount(database);
    const repository = new MikroOrmSubscriptionRepository(database);
    const added = await Promise.all(
      Array.from({ length: 10 }, () => database.withContext(() => repository.add(Subscription.start({ id: newId('sub', at), accountId, product: 'links', tier: 'starter' }, at).toSnapshot()))),
    );
    expect(added.filter(Boolean)).to.have.length(1);
  });

  it('refuses an ended subscription without its reason (a database check)', async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const repository = new MikroOrmSubscriptionRepository(database);
    const subscription = Subscription.start({ id: newId('sub', at), accountId: await insertAccount(database), product: 'mail', tier: 'business' }, at).toSnapshot();
    await database.withContext(() => repository.add(subscription));
    let refused: unknown;
    await database.withContext(() => repository.save({ ...subscription, status: 'canceled', endedAt: subscription.currentPeriodEnd })).catch((error: unknown) => (refused = error));
    expect(String(refused)).to.match(/check constraint/);
  });
});

describe(`subscription renewal on ${databaseKind()}`, () => {
  it('charges a renewal once when two workers sweep at the same time, and a short wallet falls back to free', async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const clock = new FakeClock('2026-07-15T10:00:00.000Z');
    const unitOfWork = new MikroOrmUnitOfWork(database);
    const ledger = new WalletLedger(new MikroOrmWalletStore(database), unitOfWork, clock);
    const fxRates = new MikroOrmFxRates(database);
    await database.withContext(() => fxRates.set(FxRate.set({ from: 'USD', to: 'KES', rate: '129' }, clock.now())._unsafeUnwrap()));
    const service = createSubscriptions({
      unitOfWork,
      clock,
      jobs: new InMemoryJobScheduler(clock),
      subscriptions: new MikroOrmSubscriptionRepository(database),
      walletLedger: ledger,
      walletOwners: { walletCurrencyOf: async (accountId) => (await ledger.balance(accountId))._unsafeUnwrap()?.currency },
      fxRates,
    });
    const KES = currency('KES');
    const withWallet = async (amount: string) => {
      const accountId = await insertAccount(database);
      await database.withContext(() =>
        ledger.openWallet({ accountId, currency: KES }).andThen(() => ledger.credit({ accountId, amount: Money.parse(amount, KES)._unsafeUnwrap(), reason: 'Top-up', reference: 'top-up' })),
      );
      return accountId;
    };
    const [rich, short] = [await withWallet('100000'), await withWallet('2000')];
    for (const accountId of [rich, short]) (await database.withContext(() => service.subscribe.execute({ accountId, product: 'links', tier: 'starter' })))._unsafeUnwrap();
    clock.set('2026-08-01T00:00:00.000Z');
    const runs = await Promise.all([database.withContext(() => service.renewDueSubscriptions.run()), database.withContext(() => service.renewDueSubscriptions.run())]);
    expect(runs.reduce((sum, run) => sum + run.renewed, 0), 'renewed once').to.equal(1);
    expect(runs.reduce((sum, run) => sum + run.lapsed, 0), 'lapsed once').to.equal(1);
    const fees = await database.withContext(() =>
      database.em.execute<{ account_id: string; reference: string }[]>(`select account_id, reference from ledger_entry where kind = 'fee' and related_type = 'subscription' order by created_at`),
    );
    expect(fees.filter((f) => f.account_id === rich).map((f) => f.reference.slice(-7))).to.deep.equal(['2026-07', '2026-08']);
    expect(fees.filter((f) => f.account_id === short)).to.have.length(1);
    const listed = (await database.withContext(() => service.listSubscriptions.execute(short)))._unsafeUnwrap();
    expect(listed[1]).to.deep.include({ tier: 'free' });
    expect(listed[1]!.lastEnded).to.deep.include({ endReason: 'payment_failed' });
  });
});
