import type { Money } from '@tuma/kernel';

/** Read access to wallet balances, for quotes (`affordable`) and the balance endpoints. */
export interface WalletBalances {
  /** The balance in the account's wallet currency; undefined when the account has no wallet yet. */
  balanceOf(accountId: string): Promise<Money | undefined>;
}
