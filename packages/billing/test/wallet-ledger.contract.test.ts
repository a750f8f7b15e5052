import { FakeClock, ImmediateUnitOfWork, newId } from '@tuma/kernel';
import { InMemoryWalletStore, WalletLedger } from '../src/index.ts';
import { describeWalletLedgerContract } from '../src/testing/contracts.ts';

describeWalletLedgerContract('in memory', async () => {
  const clock = new FakeClock('2026-06-01T08:00:00.000Z');
  return {
    ledger: new WalletLedger(new InMemoryWalletStore(), new ImmediateUnitOfWork(), clock),
    clock,
    newAccount: async () => newId('acc'),
    step: async (work) => work(),
  };
});
