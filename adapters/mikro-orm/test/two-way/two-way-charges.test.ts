import { expect } from 'chai';
import { FxRate, WalletLedger } from '@tuma/billing';
import { currency, Money } from '@tuma/kernel';
import { FakeClock, InMemoryJobScheduler } from '@tuma/kernel/testing';
import { defaultCatalogueData } from '@tuma/messaging';
import { createTwoWay, DAY_MS } from '@tuma/two-way';
import { InMemoryAccountSmsPrices, InMemoryTwoWayMessageLog } from '@tuma/two-way/testing';
import {
  MikroOrmCatalogue,
  MikroOrmFxRates,
  MikroOrmOptOutList,
  MikroOrmShortCodeInventory,
  MikroOrmTwoWayPriceTable,
  MikroOrmTwoWayServiceRepository,
  MikroOrmUnitOfWork,
  MikroOrmWalletStore,
} from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

/**
 * Two-way fees on the database, where two operators or two workers really race: each is charged
 * once (rows locked, ledger references unique). Replies and inbound are not involved: their ports
 * are never called here.
 */
/** Two-way over the database stores, with one account whose KES wallet holds `funds`. */
async function world(funds: string) {
  const database = await testDatabase();
  await truncateAll(database);
  const clock = new FakeClock('2026-03-01T08:00:00.000Z');
  const catalogue = new MikroOrmCatalogue(database);
  const fxRates = new MikroOrmFxRates(database);
  const inventory = new MikroOrmShortCodeInventory(database);
  await database.withContext(async () => {
    await catalogue.seed(defaultCatalogueData());
    for (const [to, rate] of [['KES', '129'], ['UGX', '3700']] as const) await fxRates.set(FxRate.set({ from: 'USD', to, rate }, clock.now())._unsafeUnwrap());
    await inventory.provision({ number: '6000', countryCode: 'UG', kind: 'shared' });
    await inventory.provision({ number: '6100', countryCode: 'UG', kind: 'dedicated' });
  });
  const unitOfWork = new MikroOrmUnitOfWork(database);
  const ledger = new WalletLedger(new MikroOrmWalletStore(database), unitOfWork, clock);
  const services = new MikroOrmTwoWayServiceRepository(database);
  const twoWay = createTwoWay({
    unitOfWork,
    clock,
    jobs: new InMemoryJobScheduler(clock),
    services,
    priceTable: new MikroOrmTwoWayPriceTable(database),
    inventory,
    webhookUrls: { check: async () => { throw new Error('no webhook URL is given here'); } },
    catalogue,
    walletLedger: ledger,
    walletOwners: { walletCurrencyOf: async (accountId) => (await ledger.balance(accountId))._unsafeUnwrap()?.currency },
    fxRates,
    messageLog: new InMemoryTwoWayMessageLog(),
    sendMessage: { execute: () => { throw new Error('nothing is sent here'); } },
    optOuts: new MikroOrmOptOutList(database),
    mailer: { send: async () => { throw new Error('nothing is mailed here'); } },
    accountPrices: new InMemoryAccountSmsPrices(),
  });
  const accountId = await insertAccount(database);
  await database.withContext(() =>
    ledger.openWallet({ accountId, currency: currency('KES') }).andThen(() => ledger.credit({ accountId, amount: Money.parse(funds, 'KES')._unsafeUnwrap(), reason: 'Top-up', reference: 'top-up' })),
  );
  const request = (type: 'shared' | 'dedicated') =>
    database.withContext(() =>
      twoWay.requestService.execute({ accountId, countryCode: 'UG', type, ...(type === 'shared' ? { keyword: 'RACE' } : {}), useCase: 'Votes', companyName: 'Acme', kycDocumentUrls: ['https://docs.example/k.pdf'] }),
    );
  const fees = () =>
    database.withContext(() =>
      database.em.execute<{ reference: string; amount: string }[]>(`select reference, amount::text as amount from ledger_entry where kind = 'fee' and account_id = ? order by created_at, reference`, [accountId]),
    );
  return { database, clock, twoWay, services, request, fees };
}

describe(`two-way fees on ${databaseKind()}`, () => {
  it('two simultaneous approvals charge once; two simultaneous sweeps charge each period once', async () => {
    const { database, clock, twoWay, request, fees: feesOf } = await world('100000');
    const service = (await request('shared'))._unsafeUnwrap();
    const approvals = await Promise.all([1, 2].map(() => database.withContext(() => twoWay.approveService.execute({ id: service.id }))));
    expect(approvals.filter((result) => result.isOk())).to.have.length(1);
    expect(approvals.find((result) => result.isErr())?._unsafeUnwrapErr().type).to.equal('service_state_conflict');

    clock.advance(30 * DAY_MS);
    const sweeps = await Promise.all([1, 2].map(() => database.withContext(() => twoWay.renewServices.run())));
    expect(sweeps.reduce((sum, counts) => sum + counts.charged, 0), 'period 2 charged once').to.equal(1);
    const fees = await feesOf();
    // USD 40 a month at KES 129: KES 5,160 a period (a shared keyword has no setup fee).
    expect(fees.map((fee) => [fee.reference, Number(fee.amount)])).to.deep.equal([[`two-way:${service.id}:1`, -5160], [`two-way:${service.id}:2`, -5160]]);
  });

  it('an approval the wallet cannot pay (402) rolls back: the service pending, its short code free, nothing charged', async () => {
    const { database, twoWay, services, request, fees } = await world('100');
    const service = (await request('dedicated'))._unsafeUnwrap();
    const refused = await database.withContext(() => twoWay.approveService.execute({ id: service.id }));
    expect(refused._unsafeUnwrapErr().type).to.equal('insufficient_balance');
    const stored = await database.withContext(() => services.find(service.id));
    expect(stored).to.deep.include({ status: 'pending', number: null, approvedAt: null });
    expect(await database.withContext(() => services.numberHolder('6100'))).to.equal(undefined);
    expect(await fees()).to.deep.equal([]);
  });
});
