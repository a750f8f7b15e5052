import { atomically, conflict, err, errAsync, fieldError, ok, parseCurrencyCode, ResultAsync, type Clock, type ConflictError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { Account } from '../domain/account.aggregate.ts';
import { Email } from '../domain/email.value-object.ts';
import type { AccountRepository } from './account.repository.port.ts';

export interface CreateAccountInput {
  readonly email: string;
  readonly walletCurrency?: string;
  readonly isAdmin?: boolean;
  /** False for an account a registration opens: its owner proves the address later (`VerifyAccountEmail`). */
  readonly emailVerified?: boolean;
}

export type CreateAccountError = ValidationError | ConflictError;

/** Opens a customer account. Email addresses are unique, compared case-insensitively. */
export class CreateAccount {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly defaultWalletCurrency: string,
  ) {}

  execute(input: CreateAccountInput): ResultAsync<Account, CreateAccountError> {
    const email = Email.create(input.email);
    if (email.isErr()) return errAsync(fieldError('email', email.error.message));
    const walletCurrency = parseCurrencyCode(input.walletCurrency ?? this.defaultWalletCurrency);
    if (!walletCurrency) return errAsync(fieldError('wallet_currency', `Not an ISO 4217 currency: ${input.walletCurrency}`));

    return atomically(this.unitOfWork, async () => {
      if (await this.accounts.findByEmail(email.value.value)) return err(conflict('account', `An account with email ${email.value.value} already exists`));
      const account = Account.open({ email: email.value, walletCurrency, isAdmin: input.isAdmin, emailVerified: input.emailVerified }, this.clock.now());
      await this.accounts.save(account);
      return ok(account);
    });
  }
}
