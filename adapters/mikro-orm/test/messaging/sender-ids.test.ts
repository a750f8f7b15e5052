import { expect } from 'chai';
import { FxRate, WalletLedger, type WalletOwners } from '@tuma/billing';
import { currency, Money, systemClock } from '@tuma/kernel';
import { InMemoryJobScheduler } from '@tuma/kernel/testing';
import { ApproveSenderId, defaultCatalogueData, RequestSenderId, type SenderIdRequest } from '@tuma/messaging';
import { describeSenderIdRepositoryContract } from '@tuma/messaging/testing/contracts';
import { MikroOrmCatalogue, MikroOrmFxRates, MikroOrmSenderIdRepository, MikroOrmUnitOfWork, MikroOrmWalletStore, type Database } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

/** An empty database with the markets (holds reference them) and two accounts. */
async function freshDatabase(): Promise<{ database: Database; accountIds: [string, string] }> {
  const database = await testDatabase();
  await truncateAll(database);
  await database.withContext(() => new MikroOrmCatalogue(database).seed(defaultCatalogueData()));
  return { database, accountIds: [await insertAccount(database, 'KES'), await insertAccount(database, 'USD')] };
}

describeSenderIdRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const { database, accountIds } = await freshDatabase();
  return {
    senderIds: new MikroOrmSenderIdRepository(database),
    accountIds,
    step: (work) => database.withContext(work),
    transaction: (work) => database.withContext(() => database.em.transactional(() => work())),
  };
});

describe(`sender-ID approval on MikroORM (${databaseKind()})`, () => {
  async function world(saveFails = false) {
    const { database, accountIds } = await freshDatabase();
    const [accountId] = accountIds;
    const uow = new MikroOrmUnitOfWork(database);
    const catalogue = new MikroOrmCatalogue(database);
    const fxRates = new MikroOrmFxRates(database);
    await database.withContext(() => fxRates.set(FxRate.set({ from: 'USD', to: 'KES', rate: '129.5' }, new Date())._unsafeUnwrap()));
    const senderIds = new MikroOrmSenderIdRepository(database);
    if (saveFails) {
      senderIds.save = async (_: SenderIdRequest) => {
        throw new Error('connection lost');
      };
    }
    const ledger = new WalletLedger(new MikroOrmWalletStore(database), uow, systemClock);
    const owners: WalletOwners = { walletCurrencyOf: async () => currency('KES') };
    const approve = new ApproveSenderId(senderIds, catalogue, fxRates, owners, ledger, new InMemoryJobScheduler(systemClock), uow, systemClock);
    const step = <T>(work: () => PromiseLike<T>) => database.withContext(work);
    await step(async () => {
      (await ledger.openWallet({ accountId, currency: currency('KES') }))._unsafeUnwrap();
      const amount = Money.parse('50000', 'KES')._unsafeUnwrap();
      (await ledger.credit({ accountId, amount, reason: 'funds', reference: 'funds' }))._unsafeUnwrap();
    });
    const request = new RequestSenderId(catalogue, senderIds, uow, systemClock);
    const id = (await step(() => request.execute({ accountId, name: 'ACME', countries: ['GH', 'TZ', 'NG'] })))._unsafeUnwrap().request.id;
    const balance = async () => (await step(() => ledger.balance(accountId)))._unsafeUnwrap()?.balance.toString();
    const fees = async () => (await step(() => ledger.transactions({ accountId, page: 0, limit: 50 })))._unsafeUnwrap().entries.filter((e) => e.kind === 'fee');
    return { id, step, approve, senderIds, balance, fees };
  }

  it('charges once when many approvals of one request arrive at the same time', async () => {
    const w = await world();
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => w.step(() => w.approve.execute({ id: w.id }))));
    expect(outcomes.filter((o) => o.isOk())).to.have.length(1);
    expect(outcomes.filter((o) => o.isErr()).map((o) => o._unsafeUnwrapErr().type)).to.deep.equal(Array(7).fill('conflict'));
    // 2 x USD 150 at 129.5 = KES 38,850
    expect((await w.fees()).map((e) => [e.reference, e.amount.toString()])).to.deep.equal([[`sender_id:${w.id}:approval`, '-38850.000000 KES']]);
    expect(await w.balance()).to.equal('11150.000000 KES');
    const stored = (await w.step(() => w.senderIds.findById(w.id)))!.toSnapshot();
    expect(stored.status).to.equal('approved');
    expect(stored.feeCharge?.amount.toString()).to.equal('38850.000000 KES');
  });

  it('rolls the fee back with the request when saving the approval fails: still pending, nothing charged', async () => {
    const w = await world(true);
    let thrown: unknown;
    try {
      await w.step(() => w.approve.execute({ id: w.id }));
    } catch (error) {
      thrown = error;
    }
    expect(String(thrown)).to.contain('connection lost');
    expect(await w.fees()).to.deep.equal([]);
    expect(await w.balance()).to.equal('50000.000000 KES');
    expect((await w.step(() => w.senderIds.findById(w.id)))?.status).to.equal('pending');
  });
});
