import { FxRate, WalletLedger } from '@tuma/billing';
import { InMemoryFxRates, InMemoryWalletStore } from '@tuma/billing/testing';
import { currency, ok, Money } from '@tuma/kernel';
import { FakeClock, ImmediateUnitOfWork, InMemoryJobScheduler } from '@tuma/kernel/testing';
import { InMemoryCatalogue } from '@tuma/messaging/testing';
import { createTwoWay } from '../../src/index.ts';
import { InMemoryShortCodeInventory, InMemoryTwoWayPriceTable, InMemoryTwoWayServiceRepository } from '../../src/testing/index.ts';

/** Two-way on in-memory ports: the default catalogue and price table, USD 1 = KES 129 = UGX 3,700 (Uganda's route: UGX 30 a segment), webhook URLs allowed as given. */
export async function twoWayWorld(start = '2026-03-01T08:00:00.000Z') {
  const clock = new FakeClock(start);
  const unitOfWork = new ImmediateUnitOfWork();
  const ledger = new WalletLedger(new InMemoryWalletStore(), unitOfWork, clock);
  const fxRates = new InMemoryFxRates();
  for (const [to, rate] of [['KES', '129'], ['UGX', '3700']] as const) await fxRates.set(FxRate.set({ from: 'USD', to, rate }, clock.now())._unsafeUnwrap());
  const repository = new InMemoryTwoWayServiceRepository();
  const service = createTwoWay({
    unitOfWork,
    clock,
    jobs: new InMemoryJobScheduler(clock),
    services: repository,
    priceTable: new InMemoryTwoWayPriceTable(),
    inventory: new InMemoryShortCodeInventory({ UG: { shared: '6000', dedicated: ['6100', '6101'] } }),
    webhookUrls: { check: async (raw) => ok(new URL(raw).href) },
    catalogue: new InMemoryCatalogue(),
    walletLedger: ledger,
    walletOwners: { walletCurrencyOf: async (accountId) => (await ledger.balance(accountId))._unsafeUnwrap()?.currency },
    fxRates,
  });
  let wallets = 0;
  const account = async (amount: string): Promise<string> => {
    const accountId = `acc_${++wallets}`;
    (await ledger.openWallet({ accountId, currency: currency('KES') }))._unsafeUnwrap();
    const money = Money.parse(amount, 'KES')._unsafeUnwrap();
    if (money.isPositive()) (await ledger.credit({ accountId, amount: money, reason: 'top-up', reference: `top-up:${accountId}:${amount}` }))._unsafeUnwrap();
    return accountId;
  };
  const topUp = async (accountId: string, amount: string) =>
    (await ledger.credit({ accountId, amount: Money.parse(amount, 'KES')._unsafeUnwrap(), reason: 'top-up', reference: `top-up:${accountId}:${clock.now().toISOString()}` }))._unsafeUnwrap();
  const fees = async (accountId: string) => (await ledger.transactions({ accountId, page: 0, limit: 100 }))._unsafeUnwrap().entries.filter((e) => e.kind === 'fee');
  return { clock, repository, service, account, topUp, fees };
}
