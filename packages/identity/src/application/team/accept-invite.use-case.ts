import { Email } from '@tuma/accounts';
import { atomically, err, fieldError, ok, Result, ResultAsync, type Clock, type UnitOfWork, type ValidationError, sha256Hex } from '@tuma/kernel';
import { checkNewPassword } from '../../domain/credentials/password-policy.ts';
import type { InviteSnapshot } from '../../domain/team/invite.ts';
import { membership } from '../../domain/team/membership.ts';
import type { Role } from '../../domain/team/roles.ts';
import { teamLimitReached, type PlanLimitReachedError } from '../../domain/team/team-errors.ts';
import { invalidToken, userDisabled, type InvalidTokenError, type UserDisabledError } from '../../domain/users/identity-errors.ts';
import { checkProfile } from '../../domain/users/profile.ts';
import { User } from '../../domain/users/user.aggregate.ts';
import type { PasswordHasher } from '../credentials/password-hasher.port.ts';
import type { TokenStore } from '../tokens/token-store.port.ts';
import type { UserRepository } from '../users/user.repository.port.ts';
import { userView, type UserView } from '../users/user-view.ts';
import type { MembershipRepository } from './membership.repository.port.ts';
import type { TeamLimits } from './team-limits.port.ts';

export interface AcceptInviteInput {
  readonly token: string;
  /** Needed when the address has no user yet: the new user's password. */
  readonly password?: string;
  readonly name?: string;
}

export interface AcceptedInvite {
  readonly user: UserView;
  readonly accountId: string;
  readonly role: Role;
}

export type AcceptInviteError = InvalidTokenError | ValidationError | UserDisabledError | PlanLimitReachedError;

/**
 * `POST /team/invites/accept {token, password?, name?}`: the invited address joins the team. An
 * address with a user joins as that user; another becomes a new user with the password given, its
 * address verified by the mailed token. The request is checked before the token is used, so a
 * refused password leaves the invitation good.
 */
export class AcceptInvite {
  constructor(
    private readonly users: UserRepository,
    private readonly memberships: MembershipRepository,
    private readonly tokens: TokenStore,
    private readonly limits: TeamLimits,
    private readonly hasher: PasswordHasher,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: AcceptInviteInput): ResultAsync<AcceptedInvite, AcceptInviteError> {
    return new ResultAsync(this.accept(input));
  }

  private async accept(input: AcceptInviteInput): Promise<Result<AcceptedInvite, AcceptInviteError>> {
    const tokenHash = await sha256Hex(input.token);
    const found = await this.tokens.find('invite', tokenHash, this.clock.now());
    const invite = found && (await this.memberships.findInvite(found.subject));
    if (!invite) return err(invalidToken('invite'));
    const existing = await this.users.findByEmail(invite.email);
    if (existing?.isDisabled) return err(userDisabled());
    const user = existing ? ok<User, ValidationError>(existing) : await this.newUser(invite, input);
    if (user.isErr()) return err(user.error);

    return atomically(this.unitOfWork, async () => {
      const now = this.clock.now();
      if (!(await this.tokens.consume('invite', tokenHash, now))) return err(invalidToken('invite'));
      const team = await this.memberships.lockTeam(invite.accountId);
      const limit = await this.limits.maxMembers(invite.accountId);
      const alreadyMember = team.some((member) => member.userId === user.value.id);
      if (!alreadyMember && limit !== null && team.length >= limit) return err(teamLimitReached(limit));
      if (!existing) await this.users.add(user.value);
      if (!alreadyMember) await this.memberships.save(membership(invite.accountId, user.value.id, invite.role, now));
      await this.memberships.removeInvite(invite.id);
      const role = team.find((member) => member.userId === user.value.id)?.role ?? invite.role;
      return ok({ user: userView(user.value), accountId: invite.accountId, role });
    });
  }

  private async newUser(invite: InviteSnapshot, input: AcceptInviteInput): Promise<Result<User, ValidationError>> {
    if (input.password === undefined) return err(fieldError('password', 'A password is needed to create the invited user'));
    const email = Email.create(invite.email).mapErr((error) => fieldError('email', error.message));
    const checked = Result.combine([email, checkNewPassword(input.password, invite.email), checkProfile({ name: input.name })]);
    if (checked.isErr()) return err(checked.error);
    const [, password, profile] = checked.value;
    return ok(User.register({ email: checked.value[0], passwordHash: await this.hasher.hash(password), profile, emailVerified: true }, this.clock.now()));
  }
}
