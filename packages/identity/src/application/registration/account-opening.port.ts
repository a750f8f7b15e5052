import type { ConflictError, ResultAsync } from '@tuma/kernel';

export interface OpenedAccount {
  readonly id: string;
}

/**
 * The customer account a registration opens (accounts' `CreateAccount`, with the wallet currency
 * `DEFAULT_WALLET_CURRENCY`), joined to the caller's unit of work, and its email proved later.
 */
export interface AccountOpening {
  /** Opens it, its email not verified yet (no live traffic). A conflict: an account with this email exists already. */
  open(email: string): ResultAsync<OpenedAccount, ConflictError>;
  /** The address is proved (a verification or reset link followed): the account opened with it, if any, may send live traffic. */
  emailVerified(email: string): Promise<void>;
}
