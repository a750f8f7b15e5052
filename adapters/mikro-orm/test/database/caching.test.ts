import { expect } from 'chai';
import { FxRate } from '@tuma/billing';
import { atomically, currency, Money, ok } from '@tuma/kernel';
import { defaultCatalogueData, type Catalogue } from '@tuma/messaging';
import { CachingCatalogue, CachingFxRates, DatabaseNotifications, MikroOrmCatalogue, MikroOrmFxRates, MikroOrmUnitOfWork } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function within<T>(ms: number, read: () => Promise<T>, done: (value: T) => boolean): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (done(await read())) return performance.now() - started;
    if (performance.now() - started > ms) throw new Error(`Not within ${ms} ms`);
    await sleep(10);
  }
}

/** Catalogue and FX caches of two "processes" (each its own LISTEN connection) on one database. */
describe(`catalogue and FX rates cached in process, emptied on change, on ${databaseKind()}`, () => {
  const hubs: DatabaseNotifications[] = [];
  after(async () => {
    for (const hub of hubs) await hub.stop();
  });

  async function process() {
    const database = await testDatabase();
    const hub = new DatabaseNotifications(database);
    hubs.push(hub);
    const reads = { routes: 0, rates: 0 };
    const stored = new MikroOrmCatalogue(database);
    const counted: Catalogue = Object.assign(Object.create(stored) as MikroOrmCatalogue, {
      routeForCountry: (country: string) => (reads.routes++, stored.routeForCountry(country)),
    });
    const storedRates = new MikroOrmFxRates(database);
    const countedRates = Object.assign(Object.create(storedRates) as MikroOrmFxRates, {
      resolve: (...args: Parameters<MikroOrmFxRates['resolve']>) => (reads.rates++, storedRates.resolve(...args)),
    });
    const catalogue = new CachingCatalogue(counted, hub);
    const fxRates = new CachingFxRates(countedRates, hub);
    await hub.start();
    const step = <T>(work: () => Promise<T>) => database.withContext(work);
    return { database, catalogue, fxRates, reads, step, uow: new MikroOrmUnitOfWork(database) };
  }

  it('serves a route from memory and hears a route change made by another process', async () => {
    await truncateAll(await testDatabase());
    const a = await process();
    const b = await process();
    await a.step(() => a.catalogue.seed(defaultCatalogueData()));
    await sleep(200); // the seed's notification is heard by b before b starts counting
    const price = () => b.step(async () => (await b.catalogue.routeForCountry('KE'))?.pricePerSegment.toString());
    const before = await price();
    for (let i = 0; i < 5; i++) expect(await price()).to.equal(before);
    expect(b.reads.routes, 'read once').to.equal(1);

    (await a.step(() => a.catalogue.updateRoute('SVC_KE', { pricePerSegment: Money.parse('0.97', 'KES')._unsafeUnwrap() })))._unsafeUnwrap();
    expect(await a.step(async () => (await a.catalogue.routeForCountry('KE'))?.pricePerSegment.toString()), 'the writer at once').to.equal('0.970000 KES');
    expect(await within(2_000, price, (value) => value === '0.970000 KES')).to.be.below(2_000);
  });

  it('serves a resolved rate from memory and hears a rate set by another process once it commits', async () => {
    const a = await process();
    const b = await process();
    const set = (rate: string) =>
      a.step(async () => atomically(a.uow, async () => ok(await a.fxRates.set(FxRate.set({ from: 'USD', to: 'KES', rate, updatedBy: 'test' }, new Date())._unsafeUnwrap()))));
    await set('129.5');
    const rate = () => b.step(async () => (await b.fxRates.resolve(currency('USD'), currency('KES')))._unsafeUnwrap().rate.toDecimalString());
    await within(2_000, rate, (value) => value === '129.5');
    await sleep(200); // the set's own notification may still be on its way to b, and empty its cache once more
    await rate();
    const reads = b.reads.rates;
    for (let i = 0; i < 5; i++) expect(await rate()).to.equal('129.5');
    expect(b.reads.rates, 'from memory').to.equal(reads);
    await set('131');
    expect(await within(2_000, rate, (value) => value === '131')).to.be.below(2_000);
  });
});
