import { err, notFound, ok, ResultAsync, type Clock, type NotFoundError, type Result } from '@tuma/kernel';
import { userDisabled, type UserDisabledError } from '../../domain/users/identity-errors.ts';
import type { MembershipRepository } from '../team/membership.repository.port.ts';
import type { UserRepository } from '../users/user.repository.port.ts';
import type { IssuedSession, SessionIssuer } from './session-issuer.ts';
import type { SessionRepository } from './session.repository.port.ts';

export interface SwitchAccountInput {
  readonly userId: string;
  /** The session switching: it ends (as a logout) once the new one is open. */
  readonly sessionId: string;
  readonly accountId: string;
}

export type SwitchAccountError = NotFoundError | UserDisabledError;

/**
 * The account switcher (docs/accounts.md, "Login"): a session is on one account (its access token's
 * `acc`), so moving to another of the user's accounts opens a new session there, as a login on it
 * would, and ends the one it came from. An account the user is no member of is not found, as
 * another tenant's id is everywhere.
 */
export class SwitchAccount {
  constructor(
    private readonly users: UserRepository,
    private readonly memberships: MembershipRepository,
    private readonly sessions: SessionRepository,
    private readonly issuer: SessionIssuer,
    private readonly clock: Clock,
  ) {}

  execute(input: SwitchAccountInput): ResultAsync<IssuedSession, SwitchAccountError> {
    return new ResultAsync(this.switch(input));
  }

  private async switch(input: SwitchAccountInput): Promise<Result<IssuedSession, SwitchAccountError>> {
    const now = this.clock.now();
    const [user, memberships] = await Promise.all([this.users.findById(input.userId), this.memberships.listOfUser(input.userId)]);
    const target = memberships.find((member) => member.accountId === input.accountId);
    if (!user || !target) return err(notFound('account', input.accountId));
    if (user.isDisabled) return err(userDisabled());
    const issued = await this.issuer.start(target, now);
    await this.sessions.end(input.sessionId, 'logout', now);
    return ok(issued);
  }
}
