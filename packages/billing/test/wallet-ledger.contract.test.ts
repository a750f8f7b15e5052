import { newId } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { ImmediateUnitOfWork } from '@tuma/kernel/testing';
import { WalletLedger } from '../src/index.ts';
import { InMemoryWalletStore } from '../src/testing/index.ts';
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
