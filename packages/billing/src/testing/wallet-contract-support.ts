/** Fixture and helpers shared by the wallet contract suites. */
import { expect } from 'chai';
import { currency, Money } from '@tuma/kernel';
import { type FakeClock } from '@tuma/kernel/testing';
import type { WalletLedger } from '../application/wallet-ledger.ts';
import type { LedgerEntry } from '../domain/ledger-entry.model.ts';

export interface WalletLedgerFixture {
  readonly ledger: WalletLedger;
  /** The clock the ledger reads. */
  readonly clock: FakeClock;
  /** A fresh account that may own a wallet (the database needs the account row). */
  readonly newAccount: () => Promise<string>;
  /** Runs a step the way the application does (in a fresh context). */
  readonly step: <T>(work: () => PromiseLike<T>) => Promise<T>;
}

export const KES = currency('KES');
export const kes = (amount: string): Money => Money.parse(amount, KES)._unsafeUnwrap();

/** Every entry of an account, newest first. */
export async function allEntries(f: WalletLedgerFixture, accountId: string): Promise<readonly LedgerEntry[]> {
  return (await f.step(() => f.ledger.transactions({ accountId, page: 0, limit: 1000 })))._unsafeUnwrap().entries;
}

/** The law every test ends on: the balance is the sum of the entries, and each balance_after is the running sum. */
export async function expectBalanceIsLedgerSum(f: WalletLedgerFixture, accountId: string): Promise<void> {
  const entries = [...(await allEntries(f, accountId))].reverse();
  const view = (await f.step(() => f.ledger.balance(accountId)))._unsafeUnwrap();
  let running = Money.zero(view!.currency);
  for (const entry of entries) {
    running = running.add(entry.amount);
    expect(entry.balanceAfter.toString(), `balance after ${entry.id}`).to.equal(running.toString());
  }
  expect(view!.balance.toString()).to.equal(running.toString());
  expect(view!.available.toString()).to.equal(view!.balance.subtract(view!.reserved).toString());
}
