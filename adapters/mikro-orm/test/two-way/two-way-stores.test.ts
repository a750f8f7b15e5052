import { expect } from 'chai';
import { currency, Money } from '@tuma/kernel';
import { TwoWayService } from '@tuma/two-way';
import { describeAccountSmsPricesContract, describeShortCodeInventoryContract, describeTwoWayMessageLogContract, describeTwoWayPriceTableContract, describeTwoWayServiceRepositoryContract } from '@tuma/two-way/testing/contracts';
import { defaultCatalogueData } from '@tuma/messaging';
import { MikroOrmAccountSmsPrices, MikroOrmCatalogue, MikroOrmShortCodeInventory, MikroOrmTwoWayMessageLog, MikroOrmTwoWayPriceTable, MikroOrmTwoWayServiceRepository, type Database } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

/** An empty database with the markets (every two-way table references them). */
const emptyDatabase = async () => {
  const database = await testDatabase();
  await truncateAll(database);
  await database.withContext(() => new MikroOrmCatalogue(database).seed(defaultCatalogueData()));
  return database;
};
/** Each call of the store in a database context of its own, as the application makes them. */
const inContext = <T extends object>(database: Database, store: T): T =>
  new Proxy(store, {
    get: (target, key) => {
      const member: unknown = Reflect.get(target, key);
      return typeof member === 'function' ? (...args: unknown[]) => database.withContext(() => member.apply(target, args)) : member;
    },
  });

/** A pending shared request of `keyword` in Uganda. */
const serviceDraft = (accountId: string, keyword: string) => {
  const usd = Money.ofMicros(1_000_000n, currency('USD'));
  return TwoWayService.request(
    {
      accountId, countryCode: 'UG', type: 'shared', keyword, tollFree: false, kycDocumentUrls: ['https://docs.example/kyc.pdf'], useCase: 'Orders',
      companyName: 'Acme', webhookUrl: null, autoReplyEnabled: false, autoReplyText: '', forwardEmail: null,
      prices: { setupFeeUsd: usd, monthlyFeeUsd: usd, inboundPriceUsd: usd, outboundPriceUsd: usd },
    },
    new Date('2026-03-01T08:00:00.000Z'),
  );
};

describeTwoWayServiceRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await emptyDatabase();
  return {
    repository: new MikroOrmTwoWayServiceRepository(database),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(() => database.em.transactional(work)),
  };
});

describeShortCodeInventoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await emptyDatabase();
  return inContext(database, new MikroOrmShortCodeInventory(database));
});

describeTwoWayPriceTableContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await emptyDatabase();
  return inContext(database, new MikroOrmTwoWayPriceTable(database));
});

describeTwoWayMessageLogContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await emptyDatabase();
  const repository = new MikroOrmTwoWayServiceRepository(database);
  const accountId = await insertAccount(database);
  const add = async (keyword: string) => (await database.withContext(() => repository.add(serviceDraft(accountId, keyword))))._unsafeUnwrap().id;
  return { log: inContext(database, new MikroOrmTwoWayMessageLog(database)), serviceIds: [await add('ONE'), await add('TWO')] };
});

describeAccountSmsPricesContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await emptyDatabase();
  return { prices: inContext(database, new MikroOrmAccountSmsPrices(database)), accountIds: [await insertAccount(database), await insertAccount(database)] };
});

describe(`MikroOrmTwoWayServiceRepository on ${databaseKind()}`, () => {
  it('lets one of ten concurrent requests of a keyword in (the partial unique index), and refuses a live service without its number', async () => {
    const database = await emptyDatabase();
    const repository = new MikroOrmTwoWayServiceRepository(database);
    const accountId = await insertAccount(database);
    const draft = serviceDraft(accountId, 'PIZZA');
    const added = await Promise.all(Array.from({ length: 10 }, () => database.withContext(() => repository.add(draft))));
    expect(added.filter((result) => result.isOk())).to.have.length(1);
    const stored = added.find((result) => result.isOk())!._unsafeUnwrap();
    let refused: unknown;
    await database.withContext(() => repository.save({ ...stored, status: 'active' })).catch((error: unknown) => (refused = error));
    expect(String(refused)).to.match(/check constraint/);
  });
});
