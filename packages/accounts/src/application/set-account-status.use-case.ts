import { atomically, err, notFound, ok, ResultAsync, type Clock, type NotFoundError, type UnitOfWork } from '@tuma/kernel';
import type { Account, AccountStatus } from '../domain/account.aggregate.ts';
import type { AccountRepository } from './account.repository.port.ts';
import { AccessChangeAnnouncer } from './principal-cache.ts';

/** Suspends or reactivates an account (in every process: `AccessChanges`); a suspended account's keys get 403 account_suspended. */
export class SetAccountStatus {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly announcer = new AccessChangeAnnouncer(),
  ) {}

  execute(input: { accountId: string; status: AccountStatus }): ResultAsync<Account, NotFoundError> {
    return atomically(this.unitOfWork, async () => {
      const account = await this.accounts.findById(input.accountId);
      if (!account) return err(notFound('account', input.accountId));
      account.changeStatus(input.status, this.clock.now());
      await this.accounts.save(account);
      await this.announcer.publish({ accountId: account.id });
      return ok(account);
    }).andTee((account) => this.announcer.committed({ accountId: account.id }));
  }
}
