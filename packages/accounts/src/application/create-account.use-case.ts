import { conflict, fieldError, okAsync, parseCurrencyCode, ResultAsync, errAsync, type Clock, type ConflictError, type ValidationError, type UnitOfWork } from '@tuma/kernel';
import { Account } from '../domain/account.aggregate.ts';
import { Email } from '../domain/email.value-object.ts';
import type { AccountRepository } from './account.repository.port.ts';

export interface CreateAccountInput {
  readonly email: string;
  readonly walletCurrency?: string;
  readonly isAdmin?: boolean;
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

    return this.unitOfWork.run(() =>
      ResultAsync.fromSafePromise(this.accounts.findByEmail(email.value.value)).andThen((existing) => {
        if (existing) return errAsync(conflict('account', `An account with email ${email.value.value} already exists`));
        const account = Account.open({ email: email.value, walletCurrency, isAdmin: input.isAdmin }, this.clock.now());
        return ResultAsync.fromSafePromise(this.accounts.save(account)).andThen(() => okAsync(account));
      }),
    );
  }
}
