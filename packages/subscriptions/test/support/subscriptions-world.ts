import { fxRateMissing, FxRate, WalletLedger, type FxRates } from '@tuma/billing';
import { InMemoryFxRates, InMemoryWalletStore } from '@tuma/billing/testing';
import { currency, errAsync, Money, type CurrencyCode } from '@tuma/kernel';
import { FakeClock, ImmediateUnitOfWork, InMemoryJobScheduler } from '@tuma/kernel/testing';
import { createSubscriptions } from '../../src/index.ts';
import { InMemorySubscriptionRepository } from '../../src/testing/index.ts';

/**
 * The subscriptions on in-memory ports: wallets, USD rates (KES 129, NGN 1,555.5; a currency in
 * `unrated` has none, as if the operator had not set it yet) and a clock moved by hand.
 */
export async function subscriptionsWorld(start = '2026-07-15T10:00:00.000Z') {
  const clock = new FakeClock(start);
  const unitOfWork = new ImmediateUnitOfWork();
  const walletStore = new InMemoryWalletStore();
  const ledger = new WalletLedger(walletStore, unitOfWork, clock);
  const stored = new InMemoryFxRates();
  const unrated = new Set<string>();
  const fxRates: FxRates = {
    set: (rate) => stored.set(rate),
    list: () => stored.list(),
    resolve: (from, to) => (unrated.has(to) ? errAsync(fxRateMissing(from, to)) : stored.resolve(from, to)),
  };
  for (const [to, rate] of [['KES', '129'], ['NGN', '1555.5']] as const) await stored.set(FxRate.set({ from: 'USD', to, rate }, clock.now())._unsafeUnwrap());
  const jobs = new InMemoryJobScheduler(clock);
  const repository = new InMemorySubscriptionRepository();
  const service = createSubscriptions({
    unitOfWork,
    clock,
    jobs,
    subscriptions: repository,
    walletLedger: ledger,
    walletOwners: { walletCurrencyOf: async (accountId) => (await ledger.balance(accountId))._unsafeUnwrap()?.currency },
    fxRates,
  });
  let wallets = 0;
  /** A new account whose wallet holds `amount` of `code`. */
  const account = async (amount: string, code: CurrencyCode = currency('KES')): Promise<string> => {
    const accountId = `acc_${++wallets}`;
    (await ledger.openWallet({ accountId, currency: code }))._unsafeUnwrap();
    const money = Money.parse(amount, code)._unsafeUnwrap();
    if (money.isPositive()) (await ledger.credit({ accountId, amount: money, reason: 'top-up', reference: `top-up:${accountId}` }))._unsafeUnwrap();
    return accountId;
  };
  const balance = async (accountId: string): Promise<string> => (await ledger.balance(accountId))._unsafeUnwrap()!.balance.toDecimalString();
  const fees = async (accountId: string) => (await ledger.transactions({ accountId, page: 0, limit: 100 }))._unsafeUnwrap().entries.filter((e) => e.kind === 'fee');
  return { clock, jobs, repository, service, ledger, unrated, account, balance, fees };
}

export type SubscriptionsWorld = Awaited<ReturnType<typeof subscriptionsWorld>>;
