import type { CurrencyCode } from '@tuma/kernel';

/** Who owns wallets: the account's wallet currency, or undefined for an unknown account. */
export interface WalletOwners {
  walletCurrencyOf(accountId: string): Promise<CurrencyCode | undefined>;
}
