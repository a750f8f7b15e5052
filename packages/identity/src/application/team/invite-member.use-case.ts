import { Email } from '@tuma/accounts';
import { atomically, conflict, err, errAsync, fieldError, ok, ResultAsync, type Clock, type ConflictError, type NotFoundError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { newInvite, type InviteSnapshot } from '../../domain/team/invite.ts';
import { canManageTeam, INVITABLE_ROLES, isInvitableRole, MANAGER_ROLES } from '../../domain/team/roles.ts';
import { insufficientRole, teamLimitReached, type InsufficientRoleError, type PlanLimitReachedError } from '../../domain/team/team-errors.ts';
import { inviteMail, type MailLinks } from '../mail/identity-mails.ts';
import type { Mailer } from '../mail/mailer.port.ts';
import { issueToken } from '../tokens/issue-token.ts';
import type { TokenStore } from '../tokens/token-store.port.ts';
import type { UserRepository } from '../users/user.repository.port.ts';
import type { Actor } from './actor.ts';
import type { MembershipRepository } from './membership.repository.port.ts';
import type { TeamLimits } from './team-limits.port.ts';

export interface InviteMemberInput {
  readonly email: string;
  readonly role: string;
}

export type InviteMemberError = ValidationError | InsufficientRoleError | PlanLimitReachedError | ConflictError | NotFoundError;

/**
 * `POST /team/invites {email, role}` (owners and admins): a mailed invitation for 7 days. Pending
 * invites count against the plan's `max_team` with the members; inviting an address again
 * replaces its pending invite (the earlier link stops working).
 */
export class InviteMember {
  constructor(
    private readonly memberships: MembershipRepository,
    private readonly users: UserRepository,
    private readonly tokens: TokenStore,
    private readonly limits: TeamLimits,
    private readonly mailer: Mailer,
    private readonly links: MailLinks,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(actor: Actor, input: InviteMemberInput): ResultAsync<InviteSnapshot, InviteMemberError> {
    const email = Email.create(input.email);
    if (email.isErr()) return errAsync(fieldError('email', email.error.message));
    const role = input.role;
    if (!isInvitableRole(role)) return errAsync(fieldError('role', `One of ${INVITABLE_ROLES.join(', ')}`));

    return atomically<{ invite: InviteSnapshot; token: string }, InviteMemberError>(this.unitOfWork, async () => {
      const now = this.clock.now();
      const team = await this.memberships.lockTeam(actor.accountId);
      const acting = team.find((member) => member.userId === actor.userId);
      if (!acting || !canManageTeam(acting.role)) return err(insufficientRole(MANAGER_ROLES));
      const existing = await this.users.findByEmail(email.value.value);
      if (existing && team.some((member) => member.userId === existing.id)) return err(conflict('member', `${email.value.value} is already a member of this team`));

      const pending = await this.memberships.listPendingInvites(actor.accountId, now);
      const replaced = pending.filter((invite) => invite.email === email.value.value);
      const limit = await this.limits.maxMembers(actor.accountId);
      if (limit !== null && team.length + pending.length - replaced.length >= limit) return err(teamLimitReached(limit));
      for (const old of replaced) {
        await this.memberships.removeInvite(old.id);
        await this.tokens.revokeAll('invite', old.id, now);
      }
      const invite = newInvite({ accountId: actor.accountId, email: email.value.value, role, invitedBy: actor.userId }, now);
      await this.memberships.addInvite(invite);
      return ok({ invite, token: await issueToken(this.tokens, 'invite', invite.id, now) });
    }).andThen(({ invite, token }) => ResultAsync.fromSafePromise(this.mail(actor, invite, token)).map(() => invite));
  }

  private async mail(actor: Actor, invite: InviteSnapshot, token: string): Promise<void> {
    const inviter = (await this.users.findById(actor.userId))?.toSnapshot();
    const name = inviter ? (inviter.name ? `${inviter.name} (${inviter.email})` : inviter.email) : 'A Tuma user';
    await this.mailer.send(inviteMail(this.links, invite.email, token, { inviter: name, role: invite.role }));
  }
}
