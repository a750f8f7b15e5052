import { errAsync, fieldError, Money, notFound, okAsync, ResultAsync, type NotFoundError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import type { LedgerEntry } from '../domain/ledger-entry.model.ts';
import type { WalletView } from '../domain/wallet.aggregate.ts';
import type { WalletError } from '../domain/wallet-errors.ts';
import type { WalletLedger } from './wallet-ledger.ts';
import type { WalletOwners } from './wallet-owners.port.ts';

export interface AdjustBalanceInput {
  readonly accountId: string;
  readonly direction: 'credit' | 'debit';
  /** A decimal string or number in the wallet currency, at most 6 decimals. */
  readonly amount: string | number;
  /** Optional; when given it must be the wallet currency (amounts are never converted here). */
  readonly currency?: string;
  readonly reason: string;
  /** The operator's idempotency key: the same reference on the same account applies once. */
  readonly reference: string;
}

export interface Adjustment {
  readonly entry: LedgerEntry;
  readonly wallet: WalletView;
}

/** Ledger references of operator adjustments live in their own namespace. */
export const adjustmentReference = (reference: string): string => `adjustment:${reference}`;

/** An operator's manual credit or debit (ManualAdjustment), opening the wallet if needed. */
export class AdjustBalance {
  constructor(
    private readonly owners: WalletOwners,
    private readonly ledger: WalletLedger,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(input: AdjustBalanceInput): ResultAsync<Adjustment, WalletError | NotFoundError | ValidationError> {
    return ResultAsync.fromSafePromise(this.owners.walletCurrencyOf(input.accountId)).andThen((walletCurrency) => {
      if (!walletCurrency) return errAsync(notFound('account', input.accountId));
      if (input.currency !== undefined && input.currency.trim().toUpperCase() !== walletCurrency) {
        return errAsync(fieldError('currency', `The wallet of this account is in ${walletCurrency}; amounts are not converted`));
      }
      const amount = Money.parse(input.amount, walletCurrency);
      if (amount.isErr()) return errAsync(fieldError('amount', amount.error.message));
      if (!amount.value.isPositive()) return errAsync(fieldError('amount', 'Must be greater than zero'));
      const operation = {
        accountId: input.accountId,
        amount: amount.value,
        reason: input.reason,
        reference: adjustmentReference(input.reference),
      };
      return this.unitOfWork.run(() =>
        this.ledger
          .openWallet({ accountId: input.accountId, currency: walletCurrency })
          .andThen(() => (input.direction === 'credit' ? this.ledger.credit(operation) : this.ledger.charge({ ...operation, kind: 'fee' })))
          .andThen((entry) =>
            this.ledger.balance(input.accountId).andThen((wallet) => (wallet ? okAsync({ entry, wallet }) : errAsync(notFound('wallet', input.accountId)))),
          ),
      );
    });
  }
}
