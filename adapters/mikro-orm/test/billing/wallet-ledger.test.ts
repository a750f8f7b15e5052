import { describeWalletLedgerContract } from '@tuma/billing/testing/contracts';
import { WalletLedger } from '@tuma/billing';
import { FakeClock } from '@tuma/kernel/testing';
import { MikroOrmUnitOfWork, MikroOrmWalletStore } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

describeWalletLedgerContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  const clock = new FakeClock('2026-06-01T08:00:00.000Z');
  return {
    ledger: new WalletLedger(new MikroOrmWalletStore(database), new MikroOrmUnitOfWork(database), clock),
    clock,
    newAccount: () => insertAccount(database),
    step: (work) => database.withContext(work),
  };
});
