import { errAsync, notFound, okAsync, ResultAsync, type Clock, type NotFoundError, type UnitOfWork } from '@tuma/kernel';
import type { Account, AccountStatus } from '../domain/account.aggregate.ts';
import type { AccountRepository } from './account.repository.port.ts';

/** Suspends or reactivates an account; a suspended account's keys get 403 account_suspended. */
export class SetAccountStatus {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: { accountId: string; status: AccountStatus }): ResultAsync<Account, NotFoundError> {
    return this.unitOfWork.run(() =>
      ResultAsync.fromSafePromise(this.accounts.findById(input.accountId)).andThen((account) => {
        if (!account) return errAsync(notFound('account', input.accountId));
        account.changeStatus(input.status, this.clock.now());
        return ResultAsync.fromSafePromise(this.accounts.save(account)).andThen(() => okAsync(account));
      }),
    );
  }
}
