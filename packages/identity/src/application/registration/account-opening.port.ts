import type { ConflictError, ResultAsync } from '@tuma/kernel';

export interface OpenedAccount {
  readonly id: string;
}

/**
 * Opens the customer account (and its wallet currency, `DEFAULT_WALLET_CURRENCY`) a registration
 * creates: accounts' `CreateAccount`, joined to the caller's unit of work. A conflict: an account
 * with this email exists already.
 */
export interface AccountOpening {
  open(email: string): ResultAsync<OpenedAccount, ConflictError>;
}
