import { expect } from 'chai';
import { WalletLedger } from '@tuma/billing';
import { currency, Money, systemClock, type ResultAsync } from '@tuma/kernel';
import { Database, MikroOrmUnitOfWork, MikroOrmWalletStore } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

const KES = currency('KES');
const kes = (amount: string) => Money.parse(amount, KES)._unsafeUnwrap();

/**
 * Real concurrency: PostgreSQL only (the embedded database runs one transaction at a time).
 * Every call runs in its own context and unit of work, as concurrent requests do, on a pool of 20.
 */
describe('wallet under concurrent charges (PostgreSQL)', function () {
  this.timeout(120_000);
  let database: Database;
  let ledger: WalletLedger;
  let account: string;
  /** Like a request: its own context and its own unit of work (the ledger's joins it). */
  const inRequest = <T, E>(work: () => ResultAsync<T, E>) => database.withContext(() => new MikroOrmUnitOfWork(database).run(work));
  const ledgerSum = async () => {
    const [row] = await database.withContext(() =>
      database.em.execute<{ sum: string; count: number }[]>(`select coalesce(sum(amount), 0)::text as sum, count(*)::int as count from ledger_entry where account_id = ?`, [account]),
    );
    return row!;
  };
  const balance = async () => (await database.withContext(() => ledger.balance(account)))._unsafeUnwrap()!;

  before(function () {
    if (databaseKind() !== 'postgresql') this.skip();
  });

  beforeEach(async () => {
    database = await testDatabase();
    await truncateAll(database);
    ledger = new WalletLedger(new MikroOrmWalletStore(database), new MikroOrmUnitOfWork(database), systemClock);
    account = await insertAccount(database);
    await database.withContext(() => ledger.openWallet({ accountId: account, currency: KES }).andThen(() => ledger.credit({ accountId: account, amount: kes('100'), reason: 'Top-up', reference: 'c1' })));
  });

  it('400 parallel charges of 0.37 at a wallet of 100: exactly the 270 that fit are charged, one after another', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 400 }, (_, i) => inRequest(() => ledger.charge({ accountId: account, amount: kes('0.37'), reason: 'SMS', reference: `p${i}` }))),
    );
    const charged = outcomes.filter((o) => o.isOk()).map((o) => o._unsafeUnwrap());
    const refused = outcomes.filter((o) => o.isErr()).map((o) => o._unsafeUnwrapErr().type);
    expect(charged).to.have.length(270);
    expect(new Set(refused)).to.deep.equal(new Set(['insufficient_balance']));
    const final = (await balance()).balance;
    expect(final.toString()).to.equal('0.100000 KES');
    expect(kes('0.37').multiply(charged.length).toString()).to.equal(kes('100').subtract(final).toString());
    expect(final.isNegative()).to.equal(false);
    const sum = await ledgerSum();
    expect([sum.sum, sum.count]).to.deep.equal(['0.100000', 271]);
    // Serialized: every charge saw the previous one, so the balances after are exactly 100 - k x 0.37.
    const after = charged.map((entry) => entry.balanceAfter.micros).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    expect(after).to.deep.equal(Array.from({ length: 270 }, (_, k) => 100_000_000n - BigInt(k + 1) * 370_000n));
  });

  it('the same reference sent three times at once is charged once, and every caller gets that entry', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 300 }, (_, i) => inRequest(() => ledger.charge({ accountId: account, amount: kes('0.5'), reason: 'SMS', reference: `m${Math.floor(i / 3)}` }))),
    );
    const ids = new Map<string, Set<string>>();
    for (const outcome of outcomes) {
      const entry = outcome._unsafeUnwrap();
      ids.set(entry.reference, (ids.get(entry.reference) ?? new Set()).add(entry.id));
    }
    expect(ids.size).to.equal(100);
    expect([...ids.values()].every((set) => set.size === 1)).to.equal(true);
    expect((await balance()).balance.toString()).to.equal('50.000000 KES');
    expect((await ledgerSum()).count).to.equal(101);
  });

  it('parallel refunds of one debit never add up to more than it', async () => {
    const debit = (await database.withContext(() => ledger.charge({ accountId: account, amount: kes('10'), reason: 'Bulk', reference: 'd1' })))._unsafeUnwrap();
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) => inRequest(() => ledger.refund({ accountId: account, entryId: debit.id, amount: kes('0.3'), reason: 'Failed', reference: `r${i}` }))),
    );
    expect(outcomes.filter((o) => o.isOk())).to.have.length(33);
    expect(new Set(outcomes.filter((o) => o.isErr()).map((o) => o._unsafeUnwrapErr().type))).to.deep.equal(new Set(['refund_exceeds_charge']));
    expect((await balance()).balance.toString()).to.equal('99.900000 KES');
    expect((await ledgerSum()).sum).to.equal('99.900000');
  });

  it('parallel captures and a release of one reservation never take more than it holds', async () => {
    const held = (await database.withContext(() => ledger.reserve({ accountId: account, amount: kes('30'), reason: 'Bulk', reference: 'h1' })))._unsafeUnwrap();
    const captures = Array.from({ length: 80 }, (_, i) =>
      inRequest(() => ledger.captureReservation({ accountId: account, reservationId: held.id, amount: kes('0.7'), reason: 'SMS', reference: `m${i}` })),
    );
    const outcomes = await Promise.all(captures);
    const captured = outcomes.filter((o) => o.isOk()).length;
    expect(captured).to.equal(42);
    const released = (await database.withContext(() => ledger.releaseReservation({ accountId: account, reservationId: held.id })))._unsafeUnwrap();
    expect([released.status, released.captured.toString(), released.released.toString()]).to.deep.equal(['closed', '29.400000 KES', '0.600000 KES']);
    const view = await balance();
    expect([view.balance, view.reserved, view.available].map(String)).to.deep.equal(['70.600000 KES', '0.000000 KES', '70.600000 KES']);
    expect((await ledgerSum()).sum).to.equal('70.600000');
  });
});
