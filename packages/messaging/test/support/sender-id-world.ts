/** Sender-ID use cases over the in-memory stores, with one customer account and its wallet. */
import { FxRate, WalletLedger, type WalletOwners } from '@tuma/billing';
import { InMemoryFxRates, InMemoryWalletStore } from '@tuma/billing/testing';
import { currency, jobRoute, Money, type CurrencyCode } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { ImmediateUnitOfWork, InMemoryJobScheduler } from '@tuma/kernel/testing';
import { ApproveSenderId, ChargeSenderIdRecurringFee, RejectSenderId, RequestSenderId, ReviewSenderIds, SENDER_ID_RECURRING_FEE_JOB } from '../../src/index.ts';
import { InMemoryCatalogue, InMemorySenderIdRepository } from '../../src/testing/index.ts';

export const ACCOUNT = 'acc_sender_test';

export interface WorldOptions {
  readonly walletCurrency?: string;
  /** [from, to, rate] */
  readonly rates?: readonly (readonly [string, string, string])[];
}

export async function senderIdWorld(options: WorldOptions = {}) {
  const clock = new FakeClock('2026-06-01T09:00:00.000Z');
  const unitOfWork = new ImmediateUnitOfWork();
  const catalogue = new InMemoryCatalogue();
  const senderIds = new InMemorySenderIdRepository();
  const fxRates = new InMemoryFxRates();
  for (const [from, to, rate] of options.rates ?? []) await fxRates.set(FxRate.set({ from, to, rate }, clock.now())._unsafeUnwrap());
  const walletCurrency: CurrencyCode = currency(options.walletCurrency ?? 'USD');
  const ledger = new WalletLedger(new InMemoryWalletStore(), unitOfWork, clock);
  const owners: WalletOwners = { walletCurrencyOf: async (accountId) => (accountId === ACCOUNT ? walletCurrency : undefined) };
  const jobs = new InMemoryJobScheduler(clock);
  const recurring = new ChargeSenderIdRecurringFee(senderIds, catalogue, fxRates, owners, ledger, jobs, unitOfWork, clock);
  const outcomes: string[] = [];
  jobRoute(SENDER_ID_RECURRING_FEE_JOB, (payload) => recurring.execute(payload).map((outcome) => void outcomes.push(outcome))).register(jobs, (attempt) => attempt());

  return {
    clock,
    senderIds,
    ledger,
    walletCurrency,
    request: new RequestSenderId(catalogue, senderIds, unitOfWork, clock),
    review: new ReviewSenderIds(senderIds, catalogue),
    approve: new ApproveSenderId(senderIds, catalogue, fxRates, owners, ledger, jobs, unitOfWork, clock),
    jobs,
    /** What each recurring-fee job run came to, in order. */
    outcomes,
    reject: new RejectSenderId(senderIds, catalogue, unitOfWork, clock),
    /** Opens the wallet and credits it. */
    async fund(amount: string): Promise<void> {
      (await ledger.openWallet({ accountId: ACCOUNT, currency: walletCurrency }))._unsafeUnwrap();
      const credit = { accountId: ACCOUNT, amount: Money.parse(amount, walletCurrency)._unsafeUnwrap(), reason: 'test funds', reference: `fund:${amount}` };
      (await ledger.credit(credit))._unsafeUnwrap();
    },
    async balance(): Promise<string | undefined> {
      return (await ledger.balance(ACCOUNT))._unsafeUnwrap()?.balance.toString();
    },
    async entries() {
      return (await ledger.transactions({ accountId: ACCOUNT, page: 0, limit: 100 }))._unsafeUnwrap().entries;
    },
    /** A pending request of the test account. */
    async pending(name: string, countries: string[]): Promise<number> {
      return (await this.request.execute({ accountId: ACCOUNT, name, countries }))._unsafeUnwrap().request.id;
    },
  };
}
