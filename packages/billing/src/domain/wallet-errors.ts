import type { CurrencyCode, DomainError, Money, ValidationError } from '@tuma/kernel';

/** The account has no wallet: callers open one (`openWallet`) before the first credit. */
export interface WalletNotFoundError extends DomainError {
  readonly type: 'wallet_not_found';
  readonly accountId: string;
}

/** An amount (or an `openWallet`) in another currency than the account's wallet. */
export interface CurrencyMismatchError extends DomainError {
  readonly type: 'currency_mismatch';
  readonly walletCurrency: CurrencyCode;
  readonly currency: CurrencyCode;
}

/** The operation needs more than the wallet has available (balance minus reserved). */
export interface InsufficientBalanceError extends DomainError {
  readonly type: 'insufficient_balance';
  readonly required: Money;
  readonly available: Money;
}

/** Refunds of one debit or fee never add up to more than it. */
export interface RefundExceedsChargeError extends DomainError {
  readonly type: 'refund_exceeds_charge';
  readonly entryId: string;
  readonly requested: Money;
  /** What may still be refunded of the entry. */
  readonly refundable: Money;
}

/** No entry of this account with this id that the operation applies to (a refund needs a debit or fee, a reversal a credit). */
export interface EntryNotFoundError extends DomainError {
  readonly type: 'entry_not_found';
  readonly entryId: string;
}

/** A credit is reversed at most once. */
export interface AlreadyReversedError extends DomainError {
  readonly type: 'already_reversed';
  readonly entryId: string;
  readonly reversalId: string;
}

export interface ReservationNotFoundError extends DomainError {
  readonly type: 'reservation_not_found';
  readonly reservationId: string;
}

/** A capture or release of more than is left of a reservation. */
export interface ReservationExceededError extends DomainError {
  readonly type: 'reservation_exceeded';
  readonly reservationId: string;
  readonly requested: Money;
  /** What is left of the reservation (neither captured nor released). */
  readonly remaining: Money;
}

/** The reference was used before on this account by a different operation (kind, amount or target differ). */
export interface ReferenceConflictError extends DomainError {
  readonly type: 'reference_conflict';
  readonly reference: string;
  /** The entry or reservation that holds the reference. */
  readonly existingId: string;
}

/** Zero, negative or out-of-range amounts. */
export interface InvalidAmountError extends DomainError {
  readonly type: 'invalid_amount';
  readonly amount: Money;
}

/** Every expected failure of the wallet ledger. `validation_error` names a blank or over-long reason or reference, or a bad page. */
export type WalletError =
  | WalletNotFoundError
  | CurrencyMismatchError
  | InsufficientBalanceError
  | RefundExceedsChargeError
  | EntryNotFoundError
  | AlreadyReversedError
  | ReservationNotFoundError
  | ReservationExceededError
  | ReferenceConflictError
  | InvalidAmountError
  | ValidationError;

export const walletNotFound = (accountId: string): WalletNotFoundError => ({
  type: 'wallet_not_found',
  accountId,
  message: `Account ${accountId} has no wallet`,
});

export const currencyMismatch = (walletCurrency: CurrencyCode, given: CurrencyCode): CurrencyMismatchError => ({
  type: 'currency_mismatch',
  walletCurrency,
  currency: given,
  message: `The wallet is in ${walletCurrency}, not ${given}`,
});

export const insufficientBalance = (required: Money, available: Money): InsufficientBalanceError => ({
  type: 'insufficient_balance',
  required,
  available,
  message: `Insufficient balance: ${required.toDecimalString()} ${required.currency} required, ${available.toDecimalString()} available`,
});

export const refundExceedsCharge = (entryId: string, requested: Money, refundable: Money): RefundExceedsChargeError => ({
  type: 'refund_exceeds_charge',
  entryId,
  requested,
  refundable,
  message: `A refund of ${requested.toDecimalString()} exceeds what is left to refund of ${entryId} (${refundable.toDecimalString()} ${refundable.currency})`,
});

export const entryNotFound = (entryId: string, wanted: string): EntryNotFoundError => ({
  type: 'entry_not_found',
  entryId,
  message: `No ${wanted} entry ${entryId} in this wallet`,
});

export const alreadyReversed = (entryId: string, reversalId: string): AlreadyReversedError => ({
  type: 'already_reversed',
  entryId,
  reversalId,
  message: `Credit ${entryId} was already reversed by ${reversalId}`,
});

export const reservationNotFound = (reservationId: string): ReservationNotFoundError => ({
  type: 'reservation_not_found',
  reservationId,
  message: `No reservation ${reservationId} in this wallet`,
});

export const reservationExceeded = (reservationId: string, requested: Money, remaining: Money): ReservationExceededError => ({
  type: 'reservation_exceeded',
  reservationId,
  requested,
  remaining,
  message: `${requested.toDecimalString()} is more than is left of reservation ${reservationId} (${remaining.toDecimalString()} ${remaining.currency})`,
});

export const referenceConflict = (reference: string, existingId: string): ReferenceConflictError => ({
  type: 'reference_conflict',
  reference,
  existingId,
  message: `Reference ${reference} was already used by ${existingId} for a different operation`,
});

export const invalidAmount = (amount: Money, why: string): InvalidAmountError => ({
  type: 'invalid_amount',
  amount,
  message: `Invalid amount ${amount.toDecimalString()} ${amount.currency}: ${why}`,
});
