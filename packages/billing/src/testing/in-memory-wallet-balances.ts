import type { Money } from '@tuma/kernel';
import type { WalletBalances } from '../application/wallet-balances.port.ts';

/** Balances set by hand, for tests of code that reads them (quotes). */
export class InMemoryWalletBalances implements WalletBalances {
  private readonly balances = new Map<string, Money>();

  setBalance(accountId: string, balance: Money): void {
    this.balances.set(accountId, balance);
  }

  async balanceOf(accountId: string): Promise<Money | undefined> {
    return this.balances.get(accountId);
  }
}
