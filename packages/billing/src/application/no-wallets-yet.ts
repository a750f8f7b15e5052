import type { Money } from '@tuma/kernel';
import type { WalletBalances } from './wallet-balances.port.ts';

/**
 * The `WalletBalances` of a platform without wallets: wallets (issue 4) are not built yet, so no
 * account has one and every balance is unknown. Quotes then report `wallet_balance: null` and
 * `affordable: null`, as the spec says for an account without a wallet. Replaced by the wallet
 * store's implementation when wallets exist.
 */
export class NoWalletsYet implements WalletBalances {
  async balanceOf(_accountId: string): Promise<Money | undefined> {
    return undefined;
  }
}
