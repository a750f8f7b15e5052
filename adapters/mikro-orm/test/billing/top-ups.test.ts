import { expect } from 'chai';
import { Account, Email } from '@tuma/accounts';
import { CompleteTopUp, TopUp, WalletLedger } from '@tuma/billing';
import { describeTopUpRepositoryContract } from '@tuma/billing/testing/contracts';
import { currency, Money, newId, systemClock } from '@tuma/kernel';
import { MikroOrmAccountRepository, MikroOrmTopUpRepository, MikroOrmUnitOfWork, MikroOrmWalletStore, type Database } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';

async function freshAccount(database: Database, email: string): Promise<string> {
  await truncateAll(database);
  const account = Account.open({ email: Email.create(email)._unsafeUnwrap(), walletCurrency: currency('KES') }, new Date());
  await database.withContext(() => new MikroOrmAccountRepository(database).save(account));
  return account.id;
}

describeTopUpRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  return {
    topUps: new MikroOrmTopUpRepository(database),
    accountId: await freshAccount(database, 'topups@example.com'),
    step: (work) => database.withContext(work),
    transaction: (work) => database.withContext(() => database.em.transactional(() => work())),
  };
});

describe(`CompleteTopUp on MikroORM (${databaseKind()})`, () => {
  it('credits once when many deliveries of one payment arrive at the same time', async () => {
    const database = await testDatabase();
    const accountId = await freshAccount(database, 'parallel@example.com');
    const topUps = new MikroOrmTopUpRepository(database);
    const uow = new MikroOrmUnitOfWork(database);
    const ledger = new WalletLedger(new MikroOrmWalletStore(database), uow, systemClock);
    const complete = new CompleteTopUp(topUps, ledger, uow, systemClock);
    const amount = Money.parse('750.25', 'KES')._unsafeUnwrap();
    const topUp = TopUp.open(
      { id: newId('top'), accountId, amount, provider: 'stripe', providerSessionId: 'cs_parallel', checkoutUrl: 'https://pay.example/cs_parallel', customerEmail: null },
      new Date(),
    );
    await database.withContext(() => topUps.save(topUp));

    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () =>
        database.withContext(async () => (await complete.execute({ provider: 'stripe', sessionId: 'cs_parallel', amount }))._unsafeUnwrap().outcome),
      ),
    );

    expect(outcomes.filter((outcome) => outcome === 'credited')).to.have.length(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).to.have.length(11);
    const wallet = await database.withContext(async () => (await ledger.balance(accountId))._unsafeUnwrap());
    expect(wallet?.balance.toDecimalString()).to.equal('750.250000');
    const page = await database.withContext(async () => (await ledger.transactions({ accountId, page: 0, limit: 10 }))._unsafeUnwrap());
    expect(page.entries.map((entry) => entry.reference)).to.deep.equal([`topup:${topUp.id}`]);
    expect((await database.withContext(() => topUps.findById(topUp.id)))?.status).to.equal('completed');
  });
});
