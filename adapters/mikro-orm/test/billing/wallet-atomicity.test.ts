import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { expect } from 'chai';
import { FxRate, WalletLedger } from '@tuma/billing';
import { currency, errAsync, Money, ResultAsync } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { Database, MikroOrmFxRates, MikroOrmUnitOfWork, MikroOrmWalletStore } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

const KES = currency('KES');
const kes = (amount: string) => Money.parse(amount, KES)._unsafeUnwrap();

/** The error `work` rejects with; a resolution fails the test. */
async function rejection(work: Promise<unknown>): Promise<Error> {
  try {
    await work;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe(`wallet atomicity with the caller's transaction (MikroORM on ${databaseKind()})`, () => {
  let database: Database;
  let unitOfWork: MikroOrmUnitOfWork;
  let ledger: WalletLedger;
  let account: string;
  const charge = (reference: string, amount = '4') => ledger.charge({ accountId: account, amount: kes(amount), reason: 'SMS', reference });
  const state = () =>
    database.withContext(async () => ({
      balance: (await ledger.balance(account))._unsafeUnwrap()!.balance.toString(),
      references: (await ledger.transactions({ accountId: account, page: 0, limit: 100 }))._unsafeUnwrap().entries.map((e) => e.reference),
    }));

  beforeEach(async () => {
    database = await testDatabase();
    await truncateAll(database);
    unitOfWork = new MikroOrmUnitOfWork(database);
    ledger = new WalletLedger(new MikroOrmWalletStore(database), unitOfWork, new FakeClock('2026-06-01T00:00:00.000Z'));
    account = await insertAccount(database);
    await database.withContext(() => ledger.openWallet({ accountId: account, currency: KES }).andThen(() => ledger.credit({ accountId: account, amount: kes('10'), reason: 'Top-up', reference: 'c1' })));
  });

  it('a unit of work that charges and then throws leaves no debit behind', async () => {
    let charged: string | undefined;
    const failing = database.withContext(() =>
      unitOfWork.run(() =>
        charge('d1').andThen((entry) => {
          charged = entry.id;
          throw new Error('crash after the debit');
        }),
      ),
    );
    expect((await rejection(failing)).message).to.match(/crash after the debit/);
    expect(charged).to.match(/^txn_/);
    expect(await state()).to.deep.equal({ balance: '10.000000 KES', references: ['c1'] });
  });

  it("a charge commits or rolls back together with the caller's other writes", async () => {
    const fxRates = new MikroOrmFxRates(database);
    const rate = FxRate.set({ from: 'USD', to: 'KES', rate: '129.5' }, new Date())._unsafeUnwrap();
    const writeRateAndCharge = (reference: string) => ResultAsync.fromSafePromise(fxRates.set(rate)).andThen(() => charge(reference));
    const failed = await database.withContext(() =>
      unitOfWork.run(() => writeRateAndCharge('d1').andThen(() => errAsync({ type: 'later_step_failed', message: 'a later step failed' }))),
    );
    expect(failed._unsafeUnwrapErr().type).to.equal('later_step_failed');
    expect(await state()).to.deep.equal({ balance: '10.000000 KES', references: ['c1'] });
    expect(await database.withContext(() => fxRates.list())).to.deep.equal([]);
    const committed = await database.withContext(() => unitOfWork.run(() => writeRateAndCharge('d2')));
    expect(committed._unsafeUnwrap().balanceAfter.toString()).to.equal('6.000000 KES');
    expect(await state()).to.deep.equal({ balance: '6.000000 KES', references: ['d2', 'c1'] });
    expect(await database.withContext(() => fxRates.list())).to.have.length(1);
  });

  it("a refused charge inside a caller's unit of work leaves the caller's transaction usable", async () => {
    const outcome = await database.withContext(() =>
      unitOfWork.run(() => charge('too-much', '11').orElse((error) => (error.type === 'insufficient_balance' ? charge('fits', '3') : errAsync(error)))),
    );
    expect(outcome._unsafeUnwrap().reference).to.equal('fits');
    expect(await state()).to.deep.equal({ balance: '7.000000 KES', references: ['fits', 'c1'] });
  });

  it("charges many inside a caller's unit of work without a savepoint of their own: they commit with it, and a throw after them undoes them", async () => {
    const many = (references: string[]) => ledger.chargeMany(references.map((reference) => ({ accountId: account, amount: kes('2'), reason: 'SMS', reference })));
    const failing = database.withContext(() =>
      unitOfWork.run(() =>
        many(['m1', 'm2']).andThen(() => {
          throw new Error('crash after the batch');
        }),
      ),
    );
    expect((await rejection(failing)).message).to.match(/crash after the batch/);
    expect(await state()).to.deep.equal({ balance: '10.000000 KES', references: ['c1'] });

    const outcomes = await database.withContext(() => unitOfWork.run(() => many(['m3', 'm4', 'm5', 'm6', 'm7', 'm8'])));
    expect(outcomes._unsafeUnwrap().map((o) => (o.isOk() ? o.value.reference : o.error.type))).to.deep.equal(['m3', 'm4', 'm5', 'm6', 'm7', 'insufficient_balance']);
    expect(await state()).to.deep.equal({ balance: '0.000000 KES', references: ['m7', 'm6', 'm5', 'm4', 'm3', 'c1'] });
  });

  it('the database refuses what the domain never does: negative balances, more reserved than held, changed entries', async () => {
    const sql = (text: string) => database.withContext(() => database.em.execute(text, [], 'run'));
    expect((await rejection(sql(`update wallet set balance = -1, reserved = 0 where account_id = '${account}'`))).message).to.match(/check/);
    expect((await rejection(sql(`update wallet set reserved = 11 where account_id = '${account}'`))).message).to.match(/check/);
    expect((await rejection(sql(`update ledger_entry set amount = 1000 where account_id = '${account}'`))).message).to.match(/immutable/);
    expect((await rejection(sql(`delete from ledger_entry where account_id = '${account}'`))).message).to.match(/immutable/);
    expect(await state()).to.deep.equal({ balance: '10.000000 KES', references: ['c1'] });
  });

  it('a process killed between its debit and its commit leaves no debit behind (PostgreSQL)', async function () {
    if (databaseKind() !== 'postgresql') this.skip();
    const script = join(import.meta.dirname, 'support', 'charge-and-hang.ts');
    const child = spawn(process.execPath, ['--conditions=tuma-source', '--import', 'tsx', script, process.env.DATABASE_URL!, account, '4', 'KES', 'killed-1'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    let output = '';
    for await (const chunk of child.stdout) {
      output += String(chunk);
      if (output.includes('\n')) break;
    }
    expect(output).to.match(/^charged txn_\w+\n$/);
    const entryId = output.trim().split(' ')[1]!;
    child.kill('SIGKILL');
    const [code, signal] = await exited;
    expect([code, signal]).to.deep.equal([null, 'SIGKILL']);
    expect(await state()).to.deep.equal({ balance: '10.000000 KES', references: ['c1'] });
    const orphan = await database.withContext(() => database.em.execute(`select id from ledger_entry where id = ?`, [entryId]));
    expect(orphan).to.deep.equal([]);
    // The lock died with the process: the wallet takes a charge at once.
    const after = await database.withContext(() => charge('after-kill'));
    expect(after._unsafeUnwrap().balanceAfter.toString()).to.equal('6.000000 KES');
  });
});
