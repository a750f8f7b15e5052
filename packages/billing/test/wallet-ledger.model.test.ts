import fc from 'fast-check';
import { FakeClock } from '@tuma/kernel/testing';
import { ImmediateUnitOfWork } from '@tuma/kernel/testing';
import { WalletLedger } from '../src/index.ts';
import { InMemoryWalletStore } from '../src/testing/index.ts';
import { emptyModel, KES, walletCommands, type RealWallet } from './support/wallet-model.ts';

describe('WalletLedger against a model (in memory)', function () {
  this.timeout(120_000);

  it('random credit/charge/refund/reverse/reserve/capture/release/repeat sequences keep balance = sum of entries = model, never negative, refunds bounded', async () => {
    await fc.assert(
      fc.asyncProperty(walletCommands, async (commands) => {
        const clock = new FakeClock('2026-06-01T00:00:00.000Z');
        const ledger = new WalletLedger(new InMemoryWalletStore(), new ImmediateUnitOfWork(), clock);
        const real: RealWallet = { ledger, accountId: 'acc_model' };
        (await ledger.openWallet({ accountId: real.accountId, currency: KES }))._unsafeUnwrap();
        await fc.asyncModelRun(() => ({ model: emptyModel(), real }), commands);
      }),
      { numRuns: 5000 },
    );
  });
});
