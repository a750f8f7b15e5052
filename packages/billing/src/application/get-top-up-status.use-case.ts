import { errAsync, notFound, ResultAsync, type Money, type NotFoundError } from '@tuma/kernel';
import type { TopUp } from '../domain/top-up.aggregate.ts';
import type { WalletError } from '../domain/wallet-errors.ts';
import type { TopUpRepository } from './top-up.repository.port.ts';
import type { WalletLedger } from './wallet-ledger.ts';

export interface TopUpStatusView {
  readonly topUp: TopUp;
  /** The wallet's balance now; undefined while the account has no wallet. */
  readonly balance: Money | undefined;
}

/** A top-up and its wallet's current balance: what the payer sees on coming back from the checkout. */
export class GetTopUpStatus {
  constructor(
    private readonly topUps: TopUpRepository,
    private readonly wallets: Pick<WalletLedger, 'balance'>,
  ) {}

  execute(topUpId: string): ResultAsync<TopUpStatusView, NotFoundError | WalletError> {
    return ResultAsync.fromSafePromise(this.topUps.findById(topUpId)).andThen((topUp) => {
      if (!topUp) return errAsync(notFound('top_up', topUpId));
      return this.wallets.balance(topUp.accountId).map((wallet) => ({ topUp, balance: wallet?.balance }));
    });
  }
}
