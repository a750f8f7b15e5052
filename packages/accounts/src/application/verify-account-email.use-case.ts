import { Email } from '../domain/email.value-object.ts';
import { atomically, ok, type Clock, type ResultAsync, type UnitOfWork } from '@tuma/kernel';
import type { AccountRepository } from './account.repository.port.ts';
import { AccessChangeAnnouncer } from './principal-cache.ts';

/**
 * The account opened with this email has it proved (its owner followed the mailed link): its live
 * keys work from now on, in every process (`AccessChanges`: cached principals are forgotten). An
 * address without an account, or one verified already, changes nothing.
 */
export class VerifyAccountEmail {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly announcer = new AccessChangeAnnouncer(),
  ) {}

  execute(email: string): ResultAsync<string | undefined, never> {
    return atomically(this.unitOfWork, async () => {
      const normalised = Email.create(email);
      const account = normalised.isOk() ? await this.accounts.findByEmail(normalised.value.value) : undefined;
      if (!account?.verifyEmail(this.clock.now())) return ok(undefined);
      await this.accounts.save(account);
      await this.announcer.publish({ accountId: account.id });
      return ok(account.id);
    }).andTee((accountId) => accountId && this.announcer.committed({ accountId }));
  }
}
